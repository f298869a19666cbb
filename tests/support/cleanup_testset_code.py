# ruff: noqa: E501
"""The independent test set, part one: six homes of people who run machines or write software.

Part of cleanup_testset.py (see its docstring: written blind, not for tuning the method). Each
entry is one a person or an agent would write; the lines are long because each is one entry.
"""

from __future__ import annotations

from cleanup_corpus import Home

OPS = Home(
    name="ops-priya",
    kind="platform ops engineer (Kubernetes, on-call)",
    memory=(
        "Terraform state for the platform lives in the S3 bucket acme-tfstate with DynamoDB locking; never run terraform apply with -lock=false.",
        "Runbooks are in ~/work/runbooks (a git repo); each alert name maps to a Markdown file of the same name in alerts/.",
        "kubectl contexts: prod-eu is the default one; staging-eu must always be passed explicitly with --context.",
        "Grafana dashboards are exported as JSON into ~/work/infra/grafana and reviewed in PRs like code.",
        "Pager rotation changes every Monday at 09:00 CET; handover notes go in the #ops-handover channel.",
        "Helm chart versions are pinned exactly in Chart.lock; Renovate opens the bump PRs every Tuesday. A bump that changes CRDs needs the CRDs applied by hand first, since Helm does not upgrade them.",
        "Secrets are in Vault under kv/platform/<service>; the External Secrets operator syncs them into the namespaces every 10 min, and a rotated secret reaches the pods only after a rollout restart.",
        "Post-mortems are blameless and due within 5 working days of a SEV1 or SEV2; the template is postmortems/TEMPLATE.md in the runbooks repo and action items become Jira tickets in the OPS project.",
        "Change freeze: no production deploys from Friday 15:00 CET to Monday 09:00 CET, and none from 20 December to 3 January unless the incident commander approves it in #ops-changes.",
    ),
    user=(
        "User is on call one week in four and does not want non-urgent pings after 18:00 during that week.",
        "Prefers examples that run on macOS and Linux alike; her laptop is a MacBook with GNU coreutils installed under g-prefixed names (gsed, gdate).",
        "Likes terse answers: the command first, the explanation after, if at all.",
        "Prefers k9s over raw kubectl for browsing a cluster, but wants plain kubectl for anything scripted.",
        "Writes docs in British English (colour, organise, licence as a noun).",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Alert threshold: p99 latency above 800 ms for 5 minutes pages the on-call.",
            "The on-call gets paged when p99 latency stays over 800ms for five minutes.",
        ),
        (
            "cross",
            "mu",
            "Priya wants incident summaries as bullet points with a timeline in UTC.",
            "I prefer incident write-ups as bullets, with the timeline given in UTC.",
        ),
    ),
    differ=(
        (
            "m",
            "Prometheus for the prod cluster is at prometheus.prod.acme.internal:9090, retention 30 days.",
            "Prometheus for the staging cluster is at prometheus.staging.acme.internal:9090, retention 7 days.",
        ),
    ),
    conflict=(
        (
            "m",
            "Cluster nodes run Kubernetes 1.27 on Ubuntu 22.04.",
            "Since the October upgrade both clusters are on Kubernetes 1.29 (node OS unchanged).",
        ),
    ),
    remote=(
        "On the bastion host (bastion.acme.internal) the SSH audit logs are kept under /var/log/sshaudit for 90 days.",
    ),
    gone=("The old Ansible playbooks are in ~/work/ansible-legacy; use them only for the two remaining VMs.",),
    fill=0.95,
    user_fill=0.41,
    folders=("~/work/runbooks", "~/work/infra/grafana"),
)

MOBILE = Home(
    name="mobile-kenji",
    kind="mobile developer (Flutter household-budget app, Tokyo)",
    memory=(
        "Project checkout is ~/dev/kakeibo-app; the iOS part is opened from ios/Runner.xcworkspace, never the .xcodeproj, and pod install is run after every Flutter upgrade.",
        "Release builds are signed with fastlane match; the certificates live in the private repo kakeibo-certs.",
        "Localization strings are in lib/l10n/app_ja.arb and app_en.arb; Japanese is the source language, and new keys are added to both files in the same commit.",
        "Crashlytics is the only crash reporter in the app; non-fatal errors are logged with recordError and a reason string so that they group sensibly in the console.",
        "In-app purchases (premium: 480 yen a month or 4,800 yen a year) go through RevenueCat; entitlement checks use the 'premium' entitlement id, never product ids.",
        "Android minSdk is 24 and targetSdk 34; the Play Console requires the targetSdk bump each August.",
        "Golden tests are regenerated only on the Mac mini, because fonts render differently on Linux.",
        "The Flutter SDK is pinned with fvm to 3.22.2: run fvm flutter, not flutter.",
        "Amounts are stored as integer yen (no decimals); formatting uses NumberFormat.currency(locale: 'ja_JP').",
    ),
    user=(
        "Works from Tokyo (JST, UTC+9); mornings before 10:00 are for deep work, so keep replies short then.",
        "Wants Dart examples with sound null safety and no dynamic types.",
        "Kenji dislikes long package lists: suggest a pub.dev package only if it has a verified publisher and was updated in the last year.",
        "Uses VS Code with the Flutter extension; opens Android Studio only for the emulator.",
        "Does not work on Wednesdays (定休日); don't plan releases for that day.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Run flutter pub run build_runner build before tests.",
            "Before running tests, generate code with flutter pub run build_runner build --delete-conflicting-outputs (the freezed and json_serializable models need it).",
        ),
        (
            "paraphrase",
            "u",
            "Kenji prefers code comments in English but commit messages may be in Japanese.",
            "Commit messages in Japanese are fine for him; comments in the code should stay English.",
        ),
    ),
    differ=(
        (
            "m",
            "The staging API base URL is https://api-stg.kakeibo.jp/v2 (test accounts only).",
            "The production API base URL is https://api.kakeibo.jp/v2.",
        ),
    ),
    conflict=(
        (
            "m",
            "State management uses Provider with ChangeNotifier classes.",
            "State management moved from Provider to Riverpod 2 in the spring; new screens use Notifier classes.",
        ),
    ),
    remote=(
        "On the Mac mini build machine (macmini.local) Xcode archives are kept in ~/Library/Developer/Xcode/Archives and pruned monthly.",
        "The TestFlight upload lane runs on the Bitrise runner, where the workspace is checked out at /bitrise/src.",
    ),
    fill=0.86,
    user_fill=0.46,
    folders=("~/dev/kakeibo-app",),
)

ML = Home(
    name="ml-lena",
    kind="ML researcher (vision transformer distillation)",
    memory=(
        "Experiments are tracked in Weights & Biases under the team lena-lab, project vit-distill; run names follow <student>-<teacher>-<loss>-s<seed>, e.g. vits16-vitl16-kd-s0, so grouping by seed works.",
        "Code is in ~/research/vit-distill; configs are Hydra YAML under conf/, one file per experiment. One-off changes are command-line overrides (key=value), never edits to a config.",
        "Every run uses seeds 0, 1 and 2; tables report the mean ± std over the three.",
        "The project's Python requirement is >=3.10,<3.13 because of the pinned torch wheels.",
        "Mixed precision is bf16 on the A100 nodes and fp16 with loss scaling on the older V100 nodes; gradient clipping at 1.0 is on for both.",
        "Evaluation is top-1 on ImageNet-1k val and ImageNet-V2 matched-frequency; the paper reports the EMA weights at the last epoch, not the best checkpoint.",
        "The paper draft is on Overleaf ('Distilling ViTs at scale'); figures are exported as PDF from notebooks/figures.ipynb.",
    ),
    user=(
        "Lena prefers plain PyTorch over Lightning; don't suggest Lightning rewrites.",
        "Likes math written in LaTeX notation in explanations.",
        "When reviewing plots, Lena wants axis labels and units checked first, and any log scale called out explicitly.",
        "Timezone Europe/Berlin; in a conference deadline week she wants short answers only.",
        "Ich schreibe manchmal auf Deutsch; she still wants answers in English unless she asks otherwise.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Lena reports results tables with 2 decimals and the best value in bold.",
            "Results tables: two decimal places, best number bolded.",
        ),
        (
            "overlap",
            "m",
            "Training jobs are submitted with sbatch scripts/train.sbatch.",
            "Jobs go in with sbatch scripts/train.sbatch CONFIG=<name>; the script requests 4 GPUs and a 24 h time limit by default.",
        ),
    ),
    differ=(
        (
            "m",
            "The teacher model is ViT-L/16, trained at 224 px resolution.",
            "The student model is ViT-S/16, trained at 224 px resolution.",
        ),
    ),
    conflict=(
        (
            "m",
            "Slurm account for GPU jobs is ml-lab-2023.",
            "GPU jobs must now be charged to the Slurm account ml-lab-2025; the old account was closed in January.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Default batch size per GPU is 256 for the ViT-S runs.",
            "Per-GPU batch size for the ViT-S runs: 128 images.",
        ),
    ),
    remote=(
        "On the cluster login node (login.hpc.uni-tue.de) checkpoints go to /scratch/lmueller/ckpt, purged after 30 days.",
        "The shared dataset mirror on the GPU server gpu3 is at /data/shared/imagenet-1k.",
    ),
    gone=("A conda env for reproducing the workshop paper is at ~/miniconda3/envs/distill-old.",),
    fill=0.85,
    user_fill=0.35,
    folders=("~/research/vit-distill",),
)

HOMELAB = Home(
    name="homelab-marco",
    kind="homelab hobbyist (Proxmox, NAS, home automation)",
    memory=(
        "Proxmox host is pve1 (192.168.10.5); VMs get addresses from 192.168.10.100-199 via OPNsense DHCP, while servers have static leases below .100, listed in the OPNsense notes.",
        "Docker compose files for the homelab are in ~/homelab/stacks, one folder per service; each has a .env beside compose.yaml that is kept out of git and holds that service's secrets. Images are pinned by tag, and Diun mails when a newer tag appears.",
        "Backups: restic to the Backblaze B2 bucket marco-restic every night at 03:30 local time; retention 7 daily, 4 weekly, 12 monthly, and one random folder is test-restored on the first Sunday of the month.",
        "DNS is AdGuard Home with unbound as upstream; the local domain is home.arpa and every service gets a name like jellyfin.home.arpa pointing at the Caddy VM. Nothing is exposed to the internet except through the WireGuard tunnel on UDP 51820.",
        "The UPS is an APC Back-UPS 1500; NUT shuts the NAS down at 20 % battery and pve1 two minutes after it.",
    ),
    user=(
        "Prefers docker compose over Portainer stacks; give compose YAML.",
        "Marco's budget for new hardware is about 300 EUR a year; second-hand enterprise gear is fine if it idles under 30 W.",
        "Likes to know why: add one sentence on the reason for each firewall rule.",
        "Italian native speaker; 'grazie' in replies is fine, but keep technical terms in English.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Reverse proxy is Caddy on the edge VM; it gets certificates via the Cloudflare DNS challenge.",
            "Caddy, the reverse proxy on the edge VM, obtains its certificates with the Cloudflare DNS-01 challenge.",
        ),
        (
            "cross",
            "mu",
            "Marco wants every new service to get an Uptime Kuma monitor when it is added.",
            "When I add a service, remind me to add an Uptime Kuma monitor for it.",
        ),
    ),
    differ=(
        (
            "m",
            "Jellyfin runs on port 8096 on the media VM.",
            "Jellyseerr runs on port 5055 on the media VM.",
        ),
    ),
    conflict=(
        (
            "m",
            "The Proxmox VE install on pve1 is version 7.4.",
            "Upgraded pve1 to Proxmox VE 8.2 over Easter; the no-subscription repo now points at bookworm.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The NAS has 4 x 8 TB drives in SHR-1 (about 21 TB usable).",
            "The Synology holds four 12 TB disks in one SHR-1 pool.",
        ),
    ),
    remote=(
        "On the Synology NAS the media library is at /volume1/media, exported over NFS to the Jellyfin VM.",
        "The Raspberry Pi in the garage runs Zigbee2MQTT; its config is /opt/zigbee2mqtt/data/configuration.yaml on the Pi.",
        "In the Home Assistant container the configuration is mounted at /config.",
    ),
    gone=("k3s test manifests are in ~/homelab/k3s-test; apply them with kubectl apply -k.",),
    fill=0.9,
    user_fill=0.31,
    folders=("~/homelab/stacks",),
)

JOURNO = Home(
    name="datajourno-sam",
    kind="data journalist (R, public records)",
    memory=(
        "Stories live in ~/newsroom/stories/<slug>; each has data/raw, data/clean, an analysis notebook and a README naming every source with the date it was downloaded.",
        "Raw data is never edited by hand; cleaning happens in R scripts under clean/ that write to data/clean, and each script starts from data/raw so it can be rerun from scratch.",
        "Before publication every figure goes through data review: a second reporter reruns the notebook from the raw files and signs off in the story's checklist doc; corrections are logged with their date.",
        "Charts are made in Datawrapper; house style uses #D64541 for the highlight colour, source lines read 'Source: <agency>, <dataset>, <year>', and every chart gets alt text.",
        "Addresses are geocoded with the Census geocoder first; only its misses go to the paid Geocodio account (about 0.50 USD per 1,000 lookups).",
        "The FOIA log is the Google Sheet 'FOIA tracker 2024'; status values are sent/ack/partial/denied/complete.",
        "Census data is pulled with tidycensus; the API key comes from the environment variable CENSUS_API_KEY.",
        "The CMS is Arc; embeds need the iframe width set to 100% and a fixed height in px.",
    ),
    user=(
        "Sam wants every number in a draft to have a source note next to it.",
        "Write in AP style: numerals for 10 and above, 'percent' spelled out.",
        "Sam likes a 'what could go wrong' list at the end of an analysis plan: missing years, changed definitions, duplicated records.",
        "Sam works in America/Chicago time, usually 9:00 to 18:00.",
        "Doesn't want charts with dual y-axes, ever.",
    ),
    same=(
        (
            "overlap",
            "u",
            "Sam prefers R over Python for data analysis.",
            "Sam prefers R (tidyverse: readr, dplyr, ggplot2) over Python for analysis and uses Python only for scraping.",
        ),
        (
            "paraphrase",
            "m",
            "All money figures in stories are adjusted to 2024 dollars using CPI-U.",
            "Inflation adjustment: CPI-U, expressed in 2024 dollars, for every dollar amount we publish.",
        ),
    ),
    differ=(
        (
            "m",
            "County eviction data comes from the circuit court's portal, updated weekly on Mondays.",
            "State eviction data comes from the judicial council's annual report, published each March.",
        ),
    ),
    conflict=(
        (
            "m",
            "Embargoed stories go out at 06:00 Eastern.",
            "Publication time for embargoed pieces changed to 05:00 ET after the morning newsletter moved earlier.",
        ),
    ),
    remote=(
        "On the newsroom's shared server (data.newsroom.local) archived datasets are under /srv/archive/<year>/<slug>.",
    ),
    gone=("The school-funding project is in ~/newsroom/stories/school-funding-2022; reuse its district crosswalk.",),
    fill=0.85,
    user_fill=0.39,
    folders=("~/newsroom/stories",),
)

SHOP = Home(
    name="shop-ana",
    kind="solo web developer (Django web shop)",
    memory=(
        "The shop is a Django 4.2 project in ~/src/shop; settings are split into settings/base.py, dev.py and prod.py, and prod reads its secrets from environment variables only.",
        "Payments go through Stripe; webhooks are handled in payments/webhooks.py and must be idempotent on the event id. Only test-mode keys (sk_test_) are allowed on a laptop; use stripe listen --forward-to localhost:8000/payments/webhook/ to test them.",
        "Celery with Redis as broker sends the order emails; start the worker with make worker. Failed emails retry 3 times with exponential backoff, then land in the dead-letter queue shown in Flower.",
        "Static files are served by WhiteNoise in prod; collectstatic runs during the Docker build, so a missing static file shows up as a failed build, not a 500.",
        "Prices are stored as integer cents in the database, never as floats; tax at checkout comes from the rates table in tax/rates.py, and prices shown to customers are in BRL with the comma as decimal separator.",
        "Orders ship from Porto Alegre with Correios; the shipping quote comes from their API, cached for 24 hours per postcode, with Melhor Envio as the fallback when Correios times out.",
        "One migration per PR; squash before a release if more than five have piled up, and never edit a migration that has already run in prod.",
    ),
    user=(
        "Ana is the only developer and reviews her own PRs the next morning, so PR descriptions must be complete.",
        "Brazilian Portuguese native; customer-facing email templates are written in pt-BR.",
        "Prefers type hints everywhere, tests included.",
        "Ana prefers small PRs (under 400 changed lines) and wants the agent to propose a split when a change grows bigger.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Ana likes tests written as pytest functions, not unittest classes.",
            "Prefers pytest-style test functions over unittest.TestCase classes.",
        ),
        (
            "overlap",
            "m",
            "Run the Django dev server with make dev.",
            "make dev starts the dev server on localhost:8000 with DJANGO_SETTINGS_MODULE=shop.settings.dev, after applying pending migrations.",
        ),
    ),
    differ=(
        (
            "m",
            "The dev database is PostgreSQL 15 on localhost:5432, database shop_dev.",
            "The prod database is PostgreSQL 15 on db.internal:5432, database shop.",
        ),
    ),
    conflict=(
        (
            "m",
            "Dependencies are managed with Poetry; run poetry install.",
            "Switched from Poetry to uv in June: use uv sync, and uv.lock is the lock file now.",
        ),
    ),
    conflict_uncued=(
        (
            "u",
            "Ana wants code reviews to flag any function longer than 50 lines.",
            "Ana's limit for function length in reviews is 80 lines.",
        ),
    ),
    remote=(
        "In the app container the code is at /app and media uploads are mounted at /app/media.",
        "On the Hetzner VPS (shop-prod-1) the nginx access log is /var/log/nginx/shop_access.log.",
    ),
    gone=("A Flask prototype of the shop is in ~/src/shop-flask-proto; copy the CSV import from it.",),
    fill=0.96,
    user_fill=0.4,
    folders=("~/src/shop",),
)

HOMES = (OPS, MOBILE, ML, HOMELAB, JOURNO, SHOP)
