"""24 common secret shapes (fake values) and look-alikes that are not secrets, for the
redactor's tests: each shape maps to its text and the parts that must not survive redaction."""

from __future__ import annotations

_KEY_BODY = (
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
    "QyNTUxOQAAACDx7Q2mV9pZ3kYc1uR8wL0aTn5sB4eJ6hGfKdXoPqWzAAAAoNx3",
)
_RSA_BODY = "MIIEowIBAAKCAQEAx7Q2mV9pZ3kYc1uR8wL0aTn5sB4eJ6hGfKdXoPqWz"

#: name -> (entry text, the strings that must be gone after redaction)
SHAPES: dict[str, tuple[str, tuple[str, ...]]] = {
    "openssh private key": (
        "Deploy key:\n-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(_KEY_BODY)
        + "\n-----END OPENSSH PRIVATE KEY-----\nkeep it safe",
        (*_KEY_BODY, "BEGIN OPENSSH", "END OPENSSH"),
    ),
    "rsa private key": (
        f"-----BEGIN RSA PRIVATE KEY-----\n{_RSA_BODY}\n-----END RSA PRIVATE KEY-----",
        (_RSA_BODY, "BEGIN RSA"),
    ),
    "aws access key id": ("AWS key AKIAIOSFODNN7EXAMPLQ for the CI user", ("AKIAIOSFODNN7EXAMPLQ",)),
    "aws secret key": (
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEQ",
        ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEQ",),
    ),
    "github classic token": (
        "push with ghp_4Nq8ZxW2mLk9Rt7YvB3cD5fG1hJ6sP0aE2uI",
        ("4Nq8ZxW2mLk9Rt7YvB3cD5fG1hJ6sP0aE2uI",),
    ),
    "github fine-grained token": (
        "token github_pat_11ABCDEFG0xYz123456789_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdEFGHIJKLMNOP",
        ("aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdEFGHIJKLMNOP",),
    ),
    "gitlab token": ("GitLab CI uses glpat-xR7mK2pQ9vL4nB8sT1wZ", ("xR7mK2pQ9vL4nB8sT1wZ",)),
    "slack bot token": ("bot token xoxb-2048-4096-AbCdEfGhIjKlMnOpQrStUv", ("AbCdEfGhIjKlMnOpQrStUv",)),
    "slack webhook": (
        "alerts go to https://hooks.slack.com/services/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",
        ("x9Y8z7W6v5U4t3S2r1Q0p9O8",),
    ),
    "stripe key": ("Stripe sk_live_51HqLyjWDarjtT1zdp7dcXYZaBcDe", ("51HqLyjWDarjtT1zdp7dcXYZaBcDe",)),
    "openai key": ("OpenAI key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", ("Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z",)),
    "anthropic key": (
        "claude key sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe",
        ("Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe",),
    ),
    "hugging face token": ("HF hub: 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", ("QwErTyUiOpAsDfGhJkLzXcVbNmQwErTyUi",)),
    "npm token": ("publish with npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", ("a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",)),
    "sendgrid key": (
        "mail via SG.aBcDeFgHiJkLmNoPqRsTuV.wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ01",
        ("aBcDeFgHiJkLmNoPqRsTuV", "wXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ01"),
    ),
    "google api key": ("Maps AIzaSyD4x9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz", ("SyD4x9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz",)),
    "google oauth secret": (
        "OAuth client secret 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",
        ("1a2B3c4D5e6F7g8H9i0J1k2L3m4N",),
    ),
    "jwt": (
        "session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        ("eyJzdWIiOiIxMjM0NTY3ODkwIn0", "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
    ),
    "bearer header": (
        "curl -H 'Authorization: Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0'",
        ("9f8e7d6c5b4a39281706f5e4d3c2b1a0",),
    ),
    "basic auth header": (
        "the proxy wants Authorization: Basic YWxpY2U6czNjcjN0LXBhc3M=",
        ("YWxpY2U6czNjcjN0LXBhc3M",),
    ),
    "password in a url": ("DB is postgres://app:Wq9zT4pL@db.internal:5432/app", ("Wq9zT4pL",)),
    "password is": ("the wifi password is Tr0ub4dor-and-3", ("Tr0ub4dor",)),
    "passphrase": ("gpg passphrase: correct-horse-battery-staple", ("correct-horse-battery-staple", "horse")),
    "api key assignment": ("api_key = 7fA9qW2xLm4Rt8Zp0VbN3cKd", ("7fA9qW2xLm4Rt8Zp0VbN3cKd",)),
}

#: Text that reads like a secret to a careless pattern and must come out unchanged.
NOT_SECRETS: tuple[str, ...] = (
    "Prefers short answers; uses British spelling",
    "The project lives in /home/sam/src/hermes-dash/hermes_dash/engine/serving.py",
    "Fixed in commit 4fc3a1297e0d8b6c5a4f3e2d1c0b9a8f7e6d5c4b on main",
    "short sha 7d42ed0 broke the build",
    "Postgres listens on port 5432, Redis on 6379, the dashboard on 8501",
    "Run pytest -q -p no:cacheprovider -n 0 tests/curation",
    "The key insight: keep entries short",
    "password manager is 1Password; never store passwords here",
    "the token is in the vault under ci/deploy",
    "Use the secret santa list from HR",
    "UUID of the staging cluster: 123e4567-e89b-12d3-a456-426614174000",
    "Docs at https://docs.example.org/guide/install.html#step-3",
    "Python 3.11.9, Node 20.11.1, Streamlit 1.67.0",
    "sk-learn is spelled scikit-learn",
    "Timezone Europe/Berlin; works 09:00-17:30",
    "Image tag registry.example.org/team/app:2026.11.30-rc1",
    "email sam@example.org, phone +49 30 1234567",
    "Meeting notes in ~/Documents/notes/2026/November/retro.md",
    "Pass the --passphrase-file flag to gpg in CI",
    "class AbstractSingletonProxyFactoryBean2 handles retries",
    "image digest sha256:4fc3a1297e0d8b6c5a4f3e2d1c0b9a8f7e6d5c4b4fc3a1297e0d8b6c5a4f3e2d",
    "Secret: none; token: ${DEPLOY_TOKEN} from the environment",
    "Use API_KEY from the environment, never inline",
    "see https://example.org/search?q=hermes&page=2&sort=desc",
    "hotkey: ctrl+shift+p opens the palette; primary key: user_id",
    "the notes are in sk-learn-and-pandas-tutorial.md",
)


def leaked(redacted: str, parts: tuple[str, ...]) -> list[str]:
    """The parts of a secret still in ``redacted``."""
    return [part for part in parts if part in redacted]
