"""A labelled corpus for the clean-up assistant: twelve Hermes homes of different kinds of project.

Each home is what a person's MEMORY.md and USER.md look like after months of an agent writing
to them: facts stated twice in other words (``same``), entries that look alike but state
different facts (``differ``: another environment, port, service, version), and pairs that state
conflicting values for one subject (``conflict``: for a person to resolve). Every other entry is
a plain fact with no partner. The pairs were written as people and agents write, before the
method was chosen; the benchmark (benchmarks/cleanup_quality.py) and tests read them.

``same`` kinds: ``paraphrase`` (one fact in other words and order), ``overlap`` (one entry says
what the other says and more), ``cross`` (the same fact in MEMORY.md and USER.md: a is in
MEMORY.md, b in USER.md). The other labels name the file (``m`` or ``u``) of both entries.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Home:
    name: str
    kind: str
    memory: tuple[str, ...]  # the entries with no partner
    user: tuple[str, ...]
    same: tuple[tuple[str, str, str, str], ...] = ()  # (kind, file, a, b); file "m", "u" or "mu" (cross)
    differ: tuple[tuple[str, str, str], ...] = ()  # (file, a, b)
    conflict: tuple[tuple[str, str, str], ...] = ()  # (file, a, b): b is the newer value (it carries a change cue)
    conflict_uncued: tuple[tuple[str, str, str], ...] = ()  # (file, a, b): neither says which is newer
    remote: tuple[str, ...] = ()  # MEMORY.md entries naming a path on another host, server, container or device
    gone: tuple[str, ...] = ()  # MEMORY.md entries naming a local path that no longer exists (not in folders)
    fill: float = 0.9  # MEMORY.md's usage over its limit: the limit is usage / fill
    user_fill: float = 0.7
    folders: tuple[str, ...] = field(default=())  # project folders that exist on "this machine" (made by tests)

    def files(self) -> tuple[list[str], list[str]]:
        """(MEMORY.md entries, USER.md entries): the plain ones with each pair's entries spread
        among them (a pair's two entries are never side by side, as in a real file)."""
        mem, usr = list(self.memory) + list(self.remote) + list(self.gone), list(self.user)
        extra_m: list[str] = []
        extra_u: list[str] = []
        for _kind, where, a, b in self.same:
            if where == "mu":
                extra_m.append(a)
                extra_u.append(b)
            else:
                (extra_m if where == "m" else extra_u).extend((a, b))
        for where, a, b in self.differ + self.conflict + self.conflict_uncued:
            (extra_m if where == "m" else extra_u).extend((a, b))
        return _spread(mem, extra_m), _spread(usr, extra_u)

    def pairs(self) -> dict[str, set[frozenset[str]]]:
        """label -> the labelled pairs, each a frozenset of its two texts."""
        return {
            "same": {frozenset((a, b)) for _k, _w, a, b in self.same},
            "differ": {frozenset((a, b)) for _w, a, b in self.differ},
            "conflict": {frozenset((a, b)) for _w, a, b in self.conflict + self.conflict_uncued},
        }


def _spread(plain: list[str], paired: list[str]) -> list[str]:
    """Pair entries interleaved with plain ones: first halves early, second halves late."""
    firsts, seconds = paired[0::2], paired[1::2]
    out = list(plain)
    step = max(1, len(out) // max(1, len(firsts)))
    for n, text in enumerate(firsts):
        out.insert(min(len(out), n * (step + 1)), text)
    for n, text in enumerate(seconds):
        out.insert(min(len(out), len(out) // 2 + n * 2 + 1), text)
    return list(dict.fromkeys(out))


HOMES: tuple[Home, ...] = (
    Home(
        name="ledger",
        kind="Django fintech web app",
        fill=0.94,
        memory=(
            "Ledger is a Django 5.0 monolith; the checkout is at ~/src/ledger and the settings module is "
            "ledger.settings.local for development.",
            "Money is stored as integer cents in BigIntegerField columns; never use floats or DecimalField for "
            "amounts, and format only at the template layer.",
            "Celery workers consume from RabbitMQ; the beat schedule lives in ledger/celery_schedule.py.",
            "Feature flags use django-waffle; a flag is deleted one release after it reaches 100%.",
            "The reconciliation job runs at 02:00 UTC and writes a CSV per bank to the recon bucket.",
            "Sentry project is ledger-backend; release names are the git short SHA.",
            "Logs go to /var/log/ledger/app.log on staging; locally they go to stdout.",
            "Deploys go through the GitHub Actions workflow deploy.yml, which needs approval from one of the "
            "payments team for production.",
        ),
        user=(
            "Name: Priya. Backend lead on the payments team, based in London.",
            "Prefers answers that start with the command or code, then a short explanation.",
            "Reviews pull requests in the morning; asks for small PRs under 400 lines.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Postgres 16 for tests listens on 5433, not 5432; the dev DB is on 5432.",
                "The test database runs on port 5433 (Postgres 16), separate from dev on 5432.",
            ),
            (
                "paraphrase",
                "m",
                "Run `make lint` before every push; CI fails on any ruff or mypy error.",
                "CI rejects ruff and mypy errors, so always run make lint before pushing.",
            ),
            (
                "overlap",
                "m",
                "Migrations: never edit a migration that has been applied.",
                "Never edit an applied migration; add a new one and run `python manage.py makemigrations --check` "
                "in CI.",
            ),
            (
                "cross",
                "mu",
                "Priya wants commit messages in the imperative mood, under 72 characters.",
                "Commit messages: imperative mood, subject under 72 characters.",
            ),
        ),
        differ=(
            (
                "m",
                "The staging API is at https://api.staging.ledger.internal behind the VPN.",
                "The production API is at https://api.ledger.io, public, behind Cloudflare.",
            ),
            (
                "m",
                "Stripe test keys are read from STRIPE_TEST_SECRET in .env.local.",
                "Stripe live keys are read from STRIPE_LIVE_SECRET in the production vault.",
            ),
            (
                "u",
                "Dislikes emojis in code comments and commit messages.",
                "Writes British English in docs and commit messages.",
            ),
        ),
        conflict=(
            (
                "m",
                "The API runs on port 8080 in docker compose.",
                "The API moved to port 9090 in March; docker compose maps it there.",
            ),
        ),
    ),
    Home(
        name="warehouse",
        kind="dbt and Snowflake analytics",
        fill=1.02,
        memory=(
            "The dbt project is in ~/work/analytics; models are staged as staging -> intermediate -> marts.",
            "Every mart model needs a unique and a not_null test on its primary key in schema.yml.",
            "Incremental models use merge on updated_at with a three day lookback.",
            "Fivetran loads raw data into the RAW database every hour at :15.",
            "Looker reads only from the MARTS schema; never point an explore at intermediate models.",
            "Source freshness is checked by `dbt source freshness` in the nightly job.",
            "Large backfills run on the XL warehouse and must be announced in #data-eng first.",
        ),
        user=(
            "Name: Tomás, analytics engineer, works from Lisbon (UTC+0/+1).",
            "Prefers explanations with a small example query over long prose.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "dbt runs in CI use the CI_DBT target and a schema named after the PR number.",
                "In CI, dbt builds into a per-PR schema (named after the PR number) with the CI_DBT target.",
            ),
            (
                "overlap",
                "m",
                "Use `dbt build --select state:modified+` for local runs.",
                "For local runs use dbt build --select state:modified+ with --defer against the prod manifest, so "
                "unchanged parents are read from prod.",
            ),
            (
                "paraphrase",
                "m",
                "SQLFluff with the snowflake dialect is enforced on every model; `sqlfluff fix` before committing.",
                "Before committing, run sqlfluff fix: every model is linted with SQLFluff (dialect snowflake).",
            ),
            (
                "cross",
                "mu",
                "Tomás wants SQL keywords lowercase and leading commas in every model.",
                "Likes SQL formatted with lowercase keywords and leading commas.",
            ),
        ),
        differ=(
            ("m", "The dev Snowflake role is TRANSFORMER_DEV", "The prod Snowflake role is TRANSFORMER_PROD"),
            (
                "m",
                "The dev warehouse is TRANSFORMING_XS, auto-suspend after 60 seconds.",
                "The prod warehouse is TRANSFORMING_L, auto-suspend after 300 seconds.",
            ),
            (
                "m",
                "Orders data comes from the Shopify connector, schema RAW.SHOPIFY.",
                "Refunds data comes from the Stripe connector, schema RAW.STRIPE.",
            ),
            (
                "m",
                "The nightly job runs dbt build at 04:00 UTC on the prod target.",
                "The hourly job runs dbt build --select tag:hourly on the prod target.",
            ),
        ),
        conflict=(
            (
                "m",
                "dbt-core is pinned to 1.7 in requirements.txt.",
                "We upgraded dbt-core to 1.8 last sprint; requirements.txt pins it.",
            ),
        ),
    ),
    Home(
        name="rn-app",
        kind="React Native mobile app",
        fill=0.88,
        memory=(
            "The app is React Native 0.74 with Expo SDK 51; the repo is ~/code/fieldnotes-app.",
            "State lives in Zustand stores under src/stores/; server data goes through TanStack Query.",
            "Icons come from the shared Figma library; export SVGs and run `yarn icons` to regenerate.",
            "Push notifications use Expo Notifications with FCM on Android and APNs on iOS.",
            "E2E tests use Maestro flows in .maestro/; run them against a release build only.",
            "The API base URL is read from app.config.ts extra.apiUrl per build profile.",
            "Crash reports go to Sentry project fieldnotes-mobile with source maps uploaded by EAS.",
        ),
        user=(
            "Name: Jonas. Solo developer, ships the app on weekends.",
            "Prefers TypeScript strict mode and explicit return types.",
            "Wants short answers; no preamble.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "iOS builds run on EAS with the production profile; the simulator build uses the development profile.",
                "EAS builds iOS with the production profile, and the development profile is for simulator builds.",
            ),
            (
                "overlap",
                "m",
                "Use yarn, not npm.",
                "Use yarn (v1), never npm: the lockfile is yarn.lock and `npm install` breaks the patches in patches/.",
            ),
            (
                "paraphrase",
                "m",
                "Android minSdkVersion is 24 and targetSdkVersion 34.",
                "targetSdkVersion is 34 for Android, minSdkVersion 24.",
            ),
            (
                "cross",
                "mu",
                "Jonas tests on a Pixel 6 and a MacBook Pro M2.",
                "Uses a MacBook Pro M2 and an old Pixel 6 for testing.",
            ),
        ),
        differ=(
            ("m", "The iOS bundle id is com.fieldnotes.app.", "The Android package name is com.fieldnotes.android."),
            (
                "m",
                "Staging builds point at https://staging-api.fieldnotes.app.",
                "Production builds point at https://api.fieldnotes.app.",
            ),
            ("m", "Metro runs on port 8081.", "The mock API server runs on port 3001."),
        ),
        conflict=(
            ("m", "Node 18 is required for the Expo CLI.", "The project needs Node 20 now; Node 18 fails on Expo 51."),
        ),
    ),
    Home(
        name="firmware",
        kind="embedded firmware (Zephyr on STM32)",
        fill=1.1,
        memory=(
            "Firmware is Zephyr 3.6 on an STM32L476; the west workspace is ~/fw/sensor-node.",
            "Build with `west build -b nucleo_l476rg app` and flash with `west flash --runner openocd`.",
            "Logging goes over RTT; view it with JLinkRTTViewer, not the UART.",
            "The BME280 sits on I2C1 at address 0x76; the SHT31 on I2C2 at 0x44.",
            "Power budget: the node must average under 30 uA in sleep; measure with the Otii Arc.",
            "OTA images are signed with the MCUboot key in keys/root-ec-p256.pem; never commit a new key.",
            "Unit tests run with twister on native_posix in CI.",
            "The devicetree overlay for the board revision B is boards/nucleo_l476rg_revB.overlay.",
        ),
        user=(
            "Name: Ines, firmware engineer on the sensor team.",
            "Likes register-level explanations with the reference manual section.",
            "Works in Vim; do not suggest IDE plugins.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "The UART console runs at 115200 baud on USART2.",
                "USART2 is the console UART, 115200 baud.",
            ),
            (
                "overlap",
                "m",
                "Stack size for the sensor thread is 2048 bytes.",
                "The sensor thread needs a 2048-byte stack (1024 overflowed when the BME280 driver logs); its "
                "priority is 5.",
            ),
            (
                "paraphrase",
                "m",
                "LoRaWAN uses the EU868 plan with OTAA; keys are in the secrets partition.",
                "OTAA join on EU868 for LoRaWAN, keys kept in the secrets partition.",
            ),
            (
                "paraphrase",
                "m",
                "The build server flashes test boards over the J-Link at /dev/ttyACM0 on the build server.",
                "On the build server, test boards are flashed through the J-Link on /dev/ttyACM0.",
            ),
        ),
        differ=(
            ("m", "Board revision A has the LED on PA5.", "Board revision B has the LED on PB3."),
            ("m", "The BME280 sampling period is 60 seconds.", "The SHT31 sampling period is 300 seconds."),
            (
                "m",
                "Release builds use prj_release.conf with CONFIG_LOG=n.",
                "Debug builds use prj_debug.conf with CONFIG_LOG=y.",
            ),
            (
                "u",
                "Prefers C over C++ for drivers and HAL code.",
                "Prefers Python over Bash for build scripts and test tools.",
            ),
        ),
        conflict=(
            ("m", "The ADC reference voltage is 3.3 V.", "The ADC reference is 2.5 V from the external VREF chip."),
        ),
    ),
    Home(
        name="ml-train",
        kind="ML training on a GPU cluster",
        fill=0.97,
        memory=(
            "Training code is in ~/proj/vision; configs are Hydra YAML under conf/.",
            "Jobs go to the Slurm cluster gpu.lab.internal, partition a100, via `sbatch scripts/train.sh`.",
            "Datasets are on the NAS at /mnt/nas/datasets; never copy them to home directories.",
            "Checkpoints are written every 2,000 steps to /scratch/$USER/ckpt on the cluster.",
            "Experiment tracking is Weights & Biases, entity vision-lab, project detr-finetune.",
            "Mixed precision is bf16; fp16 diverges on the ViT-L runs.",
            "The eval script reports mAP@0.5 and mAP@0.5:0.95; papers quote the second.",
        ),
        user=(
            "Name: Dr. Mei Chen, leads the vision group.",
            "Prefers PyTorch idioms over Lightning abstractions.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Use the conda env vision-py311 on the cluster; pip installs go into it, never into base.",
                "On the cluster, pip-install only into the vision-py311 conda env, never base.",
            ),
            (
                "overlap",
                "m",
                "Batch size 64 per GPU for ViT-B.",
                "ViT-B trains at batch size 64 per GPU with 8 GPUs and a cosine schedule; warmup is 5 epochs.",
            ),
            (
                "paraphrase",
                "m",
                "The A100 nodes have 80 GB of memory each, 8 GPUs per node.",
                "Each A100 node: 8 GPUs with 80 GB each.",
            ),
            (
                "cross",
                "mu",
                "Mei wants comparisons between runs reported with 95% confidence intervals.",
                "Wants numbers with 95% confidence intervals when comparing runs.",
            ),
        ),
        differ=(
            ("m", "The a100 partition has a 48 hour time limit.", "The debug partition has a 2 hour time limit."),
            ("m", "ViT-B uses learning rate 3e-4.", "ViT-L uses learning rate 1e-4."),
            ("m", "COCO lives at /mnt/nas/datasets/coco2017.", "LVIS lives at /mnt/nas/datasets/lvis_v1."),
        ),
        conflict=(
            ("m", "Python 3.11 everywhere.", "The data loader worker image is on Python 3.12."),
            ("m", "CUDA 12.1 is the cluster default.", "The cluster moved to CUDA 12.4 in the last maintenance."),
        ),
    ),
    Home(
        name="rust-cli",
        kind="open-source Rust command-line tool",
        fill=0.91,
        memory=(
            "ripmark is a Rust CLI that renders Markdown in the terminal; the repo is ~/oss/ripmark.",
            "MSRV is Rust 1.74, checked by the msrv job in CI.",
            "Releases are cut with cargo-release; the changelog follows Keep a Changelog.",
            "Snapshot tests use insta; review changes with `cargo insta review`.",
            "Windows support goes through crossterm; never call libc directly.",
            "Issues labelled good-first-issue need a mentor comment before they are tagged.",
            "The docs site is mdBook under book/, deployed by GitHub Pages from main.",
        ),
        user=(
            "Name: Alex (they/them), maintainer of ripmark.",
            "Wants every suggestion to mention the clippy lint it fixes, if any.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Run `cargo clippy --all-targets -- -D warnings` before pushing; CI denies warnings.",
                "CI denies warnings, so run cargo clippy --all-targets -- -D warnings before every push.",
            ),
            (
                "overlap",
                "m",
                "Syntax highlighting uses syntect.",
                "Syntax highlighting uses syntect with the two-face theme set; themes are loaded lazily to keep "
                "start-up under 20 ms.",
            ),
            (
                "paraphrase",
                "m",
                "Binary size matters: release profile uses lto = true and strip = true.",
                "The release profile sets strip = true and lto = true because the binary size matters.",
            ),
            ("cross", "mu", "Alex uses they/them pronouns.", "Pronouns: they/them."),
        ),
        differ=(
            (
                "m",
                "The Homebrew formula lives in the ripmark/homebrew-tap repo.",
                "The Scoop manifest lives in the ripmark/scoop-bucket repo.",
            ),
            (
                "m",
                "Linux release binaries are built for x86_64-unknown-linux-musl.",
                "macOS release binaries are built for aarch64-apple-darwin.",
            ),
            ("m", "The --width flag defaults to 80 columns.", "The --tab-width flag defaults to 4 columns."),
            ("u", "Prefers iterator chains over index loops.", "Prefers match over if-let chains."),
        ),
        conflict=(
            ("m", "The default theme is base16-ocean.dark.", "The default theme changed to Monokai Extended in 0.9."),
        ),
    ),
    Home(
        name="unity-game",
        kind="Unity indie game",
        fill=0.86,
        memory=(
            "The game is built with Unity 2022.3 LTS; the project is at ~/games/tidewalker.",
            "Scenes are additive: Boot loads Core, then the level scene; never put managers in level scenes.",
            "Addressables hold all level assets; build them before a player build or levels load empty.",
            "Input uses the new Input System with the actions asset Controls.inputactions.",
            "Steam builds upload with steamcmd using scripts/upload_steam.vdf.",
            "Localization uses the Unity Localization package; string tables are in Assets/Localization/.",
        ),
        user=("Name: Sofia, solo dev and artist.",),
        same=(
            (
                "paraphrase",
                "m",
                "Git LFS tracks *.psd, *.fbx and *.wav; run `git lfs pull` after cloning.",
                "After cloning, git lfs pull: *.wav, *.psd and *.fbx are tracked by Git LFS.",
            ),
            (
                "overlap",
                "m",
                "Target frame rate is 60 fps.",
                "Target frame rate is 60 fps on the Steam Deck at 800p, with the Medium quality preset.",
            ),
            (
                "paraphrase",
                "m",
                "Physics runs at a fixed timestep of 0.02 s (50 Hz).",
                "Fixed timestep 0.02 s, so physics ticks at 50 Hz.",
            ),
            (
                "cross",
                "mu",
                "Sofia wants advice on performance to come with Unity Profiler numbers.",
                "Wants performance advice backed by Profiler numbers.",
            ),
        ),
        differ=(
            ("m", "The Steam app id is 2451230.", "The Steam demo app id is 2451240."),
            ("m", "Layer 8 is Player, layer 9 is Enemy.", "Layer 10 is Water, layer 11 is Climbable."),
            ("m", "The Windows build target is x86_64 with IL2CPP.", "The Linux build target is x86_64 with Mono."),
            (
                "u",
                "Prefers C# examples that avoid LINQ in Update loops.",
                "Prefers shader examples in Shader Graph over hand-written HLSL.",
            ),
        ),
        conflict=(("m", "The build uses the Built-in render pipeline.", "The project switched to URP 14 in October."),),
    ),
    Home(
        name="homelab",
        kind="homelab infrastructure (Kubernetes, Ansible, NAS)",
        fill=1.05,
        memory=(
            "Infra repo is ~/infra; Ansible playbooks under ansible/, Kubernetes manifests under k8s/.",
            "The k3s cluster has three nodes: pi-1, pi-2 and nuc-1; the control plane is nuc-1.",
            "Secrets are SOPS-encrypted with age; the key is in ~/.config/sops/age/keys.txt.",
            "Backups run with restic to the NAS at 03:30 and to B2 weekly.",
            "DNS is AdGuard Home on pi-1 with Unbound as upstream.",
            "Grafana is at https://grafana.home.arpa; dashboards are provisioned from k8s/monitoring/.",
            "Media library lives on the NAS at /volume1/media; Jellyfin mounts it read-only.",
        ),
        user=(
            "Name: Marek. Runs the homelab as a hobby, works as a network engineer.",
            "Prefers declarative configs over shell scripts.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Traefik is the ingress; certificates come from Let's Encrypt via the DNS-01 challenge on Cloudflare.",
                "Certificates: Let's Encrypt DNS-01 through Cloudflare, handled by the Traefik ingress.",
            ),
            (
                "overlap",
                "m",
                "The NAS is a Synology DS920+.",
                "The NAS is a Synology DS920+ at 192.168.1.20 with SSH on port 2222; admin over SSH only.",
            ),
            (
                "paraphrase",
                "m",
                "Run ansible with `ansible-playbook -i inventory/hosts.yml site.yml --diff`.",
                "Playbooks are applied by ansible-playbook site.yml -i inventory/hosts.yml --diff.",
            ),
            (
                "cross",
                "mu",
                "Marek wants a warning before any change that restarts the cluster.",
                "Wants warnings before anything that restarts the cluster.",
            ),
        ),
        differ=(
            ("m", "The IoT VLAN is 30 (192.168.30.0/24).", "The guest VLAN is 40 (192.168.40.0/24)."),
            ("m", "Home Assistant runs on pi-2 on port 8123.", "Zigbee2MQTT runs on pi-2 on port 8080."),
            ("m", "The nuc-1 node has 32 GB of RAM.", "The pi-1 and pi-2 nodes have 8 GB of RAM each."),
            ("m", "Longhorn keeps 2 replicas of each volume.", "Longhorn keeps 3 replicas of the database volume."),
        ),
        conflict=(("m", "k3s is on v1.28.", "The cluster was upgraded to k3s v1.30 in May."),),
    ),
    Home(
        name="thesis",
        kind="PhD thesis in LaTeX",
        fill=0.9,
        memory=(
            "The thesis is LaTeX in ~/phd/thesis, one file per chapter under chapters/.",
            "Build with latexmk -lualatex; biber handles the bibliography from refs.bib.",
            "Figures are made by Python scripts in figures/src/ that write PDF into figures/.",
            "The university template requires 12pt, 1.5 line spacing and 3 cm margins on the binding side.",
            "Zotero exports refs.bib automatically via Better BibTeX; never edit refs.bib by hand.",
            "Chapter 4 reuses the CHI 2025 paper; cite it and note the reuse in the preface.",
        ),
        user=(
            "Name: Hannah, fourth-year PhD student in HCI.",
            "Prefers feedback as tracked suggestions, not rewrites.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Use cleveref's \\cref for every cross-reference, never \\ref.",
                "Cross-references always use \\cref (cleveref), not \\ref.",
            ),
            (
                "overlap",
                "m",
                "The submission deadline is 30 September 2026.",
                "The submission deadline is 30 September 2026; the full draft goes to Prof. Okafor by 1 August.",
            ),
            (
                "cross",
                "mu",
                "Hannah writes British English with -ise spellings.",
                "Writes in British English (-ise spellings).",
            ),
            (
                "cross",
                "mu",
                "Meets Prof. Okafor, her supervisor, every Thursday.",
                "Supervisor: Prof. Okafor; meetings on Thursdays.",
            ),
        ),
        differ=(
            ("m", "Chapter 3 is the interview study (n = 18).", "Chapter 5 is the field deployment (n = 42)."),
            ("m", "The word limit is 80,000 words excluding appendices.", "The abstract limit is 300 words."),
            ("m", "Figures use the Okabe-Ito palette.", "Plots in chapter 5 use the viridis palette."),
        ),
        conflict=(
            ("m", "The thesis uses APA 7 citation style.", "Citations are numeric (IEEE style) per the new template."),
        ),
    ),
    Home(
        name="go-services",
        kind="Go microservices with gRPC",
        fill=1.0,
        memory=(
            "Services are Go 1.22 in a monorepo at ~/src/platform; each service under services/<name>/.",
            "APIs are protobuf in proto/, generated with buf generate; never edit *.pb.go.",
            "Services talk gRPC internally and expose REST only through the gateway.",
            "Configuration comes from environment variables parsed by envconfig; no config files.",
            "Tracing is OpenTelemetry exported to Tempo; every handler starts a span.",
            "Kafka topics are created by Terraform in infra/kafka/, never by the services.",
            "Integration tests use testcontainers-go and are tagged //go:build integration.",
        ),
        user=(
            "Name: Dario, platform engineer.",
            "Wants error wrapping with %w and context in every message.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "golangci-lint runs in CI with the config in .golangci.yml; fix lint before asking for review.",
                "Fix golangci-lint findings before asking for review; CI runs it with .golangci.yml.",
            ),
            (
                "overlap",
                "m",
                "The users service listens on gRPC port 50051.",
                "The users service listens on gRPC port 50051 and serves health checks on 8086 at /healthz.",
            ),
            (
                "paraphrase",
                "m",
                "Database migrations use goose; files are in services/<name>/migrations and run at start-up.",
                "Each service runs its goose migrations (services/<name>/migrations) when it starts.",
            ),
            (
                "paraphrase",
                "m",
                "Deploy to staging with `make deploy ENV=staging`; production goes through Argo CD only.",
                "Production is deployed only by Argo CD; for staging use make deploy ENV=staging.",
            ),
        ),
        differ=(
            ("m", "The orders service listens on gRPC port 50052.", "The billing service listens on gRPC port 50053."),
            (
                "m",
                "The staging Kafka cluster is kafka-staging:9092.",
                "The production Kafka cluster is kafka-prod:9094.",
            ),
            (
                "m",
                "The users service owns the users Postgres database.",
                "The billing service owns the billing Postgres database.",
            ),
            ("u", "Prefers table-driven tests.", "Prefers small interfaces defined by the consumer."),
        ),
        conflict=(
            (
                "m",
                "The gateway timeout is 30 seconds.",
                "The gateway timeout was cut to 10 seconds after the incident.",
            ),
        ),
    ),
    Home(
        name="wp-agency",
        kind="WordPress agency sites (PHP)",
        fill=0.87,
        memory=(
            "Client sites are Bedrock WordPress installs under ~/sites/<client>; themes are Sage 10.",
            "Local dev uses DDEV; `ddev start` then `ddev wp` for WP-CLI.",
            "Deploys use Trellis from the trellis/ folder of each site.",
            "ACF Pro field groups are synced as JSON in web/app/themes/<theme>/acf-json.",
            "Never install plugins from the admin on production; add them with composer.",
            "Images go through Imgix on the larger clients.",
        ),
        user=(
            "Name: Chloé, runs a two-person agency in Lyon.",
            "Prefers Tailwind utility classes over custom CSS.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "PHP is 8.2 on every server; local DDEV is set to 8.2 too.",
                "Every server runs PHP 8.2, and DDEV locally is configured for 8.2 as well.",
            ),
            (
                "overlap",
                "m",
                "Backups: UpdraftPlus to S3.",
                "Backups use UpdraftPlus to S3 nightly, kept 30 days; restore tests are done each quarter.",
            ),
            (
                "paraphrase",
                "m",
                "The staging sites are on the Hetzner box at staging.atelier-web.fr with basic auth.",
                "Basic auth protects the staging sites on staging.atelier-web.fr (the Hetzner box).",
            ),
            (
                "cross",
                "mu",
                "Chloé wants code comments in English even when she writes in French.",
                "Answers in French are fine, code comments in English.",
            ),
        ),
        differ=(
            (
                "m",
                "The Boulangerie Martin site uses WooCommerce with Stripe.",
                "The Cave Dupont site uses WooCommerce with PayPal.",
            ),
            (
                "m",
                "Production database for Cave Dupont is on db-1.",
                "Production database for Boulangerie Martin is on db-2.",
            ),
            ("m", "Mailgun sends mail for Cave Dupont.", "Postmark sends mail for Boulangerie Martin."),
        ),
        conflict=(
            (
                "m",
                "WordPress core is pinned to 6.4 in composer.json.",
                "WordPress core is now 6.6 on every site; composer.json was updated.",
            ),
        ),
    ),
    Home(
        name="r-research",
        kind="R epidemiology research",
        fill=0.8,
        memory=(
            "The analysis is an R project in ~/research/flu-burden with renv; restore with renv::restore().",
            "The pipeline is targets; run tar_make() and never source scripts by hand.",
            "Raw surveillance data is on the secure server, never on laptops.",
            "Figures use ggplot2 with theme_minimal and the colour-blind safe palette from ggthemes.",
            "The manuscript is Quarto in paper/; render with quarto render paper/main.qmd.",
        ),
        user=(
            "Name: Dr. Amara Nwosu, epidemiologist.",
            "Wants model assumptions stated before results.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Models are negative binomial GLMs fitted with MASS::glm.nb, offset log(population).",
                "Fit negative binomial GLMs (MASS::glm.nb) with an offset of log(population).",
            ),
            (
                "overlap",
                "m",
                "Age groups are 0-4, 5-17, 18-64 and 65+.",
                "Age groups are 0-4, 5-17, 18-64 and 65+ years, matching the ECDC surveillance reports.",
            ),
            (
                "paraphrase",
                "m",
                "Weekly counts start on Monday (ISO weeks); use lubridate::isoweek.",
                "Use ISO weeks (starting Monday) via lubridate::isoweek for the weekly counts.",
            ),
        ),
        differ=(
            ("m", "Season 2022/23 starts in week 40 of 2022.", "Season 2023/24 starts in week 40 of 2023."),
            ("m", "The flu model uses a 4-week lag.", "The RSV model uses a 2-week lag."),
            ("u", "Prefers tidyverse style.", "Prefers base R plots for quick checks."),
        ),
        conflict=(("m", "R 4.3.2 is the version in renv.lock.", "renv.lock now records R 4.4.1."),),
    ),
)

from cleanup_corpus_kinds import MORE_HOMES  # noqa: E402  (it needs Home, defined above)

HOMES = HOMES + MORE_HOMES


def agent_ran_in(hermes_home, *folders: str) -> None:  # type: ignore[no-untyped-def]
    """Record in ``hermes_home/state.db`` sessions whose working folder (``cwd``) is each of
    ``folders``: the column the agent's own ``sessions`` table keeps (hermes_state.py), and the
    only one the clean-up reads to learn where the agent runs."""
    import sqlite3
    from pathlib import Path

    db = Path(hermes_home) / "state.db"
    conn = sqlite3.connect(db)
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, source TEXT, started_at REAL, cwd TEXT)"
        )
        start = conn.execute("SELECT count(*) FROM sessions").fetchone()[0]
        conn.executemany(
            "INSERT INTO sessions VALUES (?, 'cli', ?, ?)",
            [(f"s{start + n}", 1.7e9 + start + n, str(f)) for n, f in enumerate(folders)],
        )
        conn.commit()
    finally:
        conn.close()
