# ruff: noqa: E501
"""Development set 5, part a: six homes, written blind (without sight of the method).

1. community-midwife: an NHS community midwife (not a programmer).
2. homelab-proxmox: a home-lab tinkerer with a Proxmox cluster.
3. vineyard-owner: owner of a 12-hectare vineyard in Marlborough (not a programmer).
4. ml-forecasting: a data scientist doing retail demand forecasting.
5. translator-de-en: a literary translator, German into English (not a programmer).
6. mobile-flutter: a mobile developer on a Flutter shop app.

Weighted to contradictions: each home has 3-4 cued conflicts and 2 uncued ones.
"""

from __future__ import annotations

from cleanup_corpus import Home

MIDWIFE = Home(
    name="community-midwife",
    kind="community midwife in an NHS trust, not a programmer",
    memory=(
        "Caseload area: BS3, BS4 and BS13; clinic base is Knowle Health Centre.",
        "Team lead is Sister Janet Okafor; out-of-area bookings get escalated to her.",
        "Mileage claims go in through Healthroster by the 5th of the month.",
        "Booking appointment is 60 min; routine antenatal follow-ups 20 min.",
        "NIPE checks are done by the newborn team, not by community midwives.",
        "Revalidation training log: ~/Documents/training/revalidation-log.xlsx",
        "Home birth kit checklist in ~/Documents/caseload/homebirth-kit.md (Entonox, Doppler, sats probe, delivery pack).",
        "GBS swabs offered at 35-37 weeks if a previous baby had GBS; request forms are in the blue folder at Knowle.",
        "Interpreters are booked through Language Line; Polish and Somali are the most common on this caseload.",
        "Pool car key lives at Knowle reception; book it on the whiteboard the day before.",
    ),
    user=(
        "Name's Claire; signs off as 'Claire (CMW)'.",
        "British spelling and 24-hour times, please.",
        "Drug doses with units spelled out: micrograms, never mcg.",
        "Never store anything about named patients here.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Bloods must reach the Southmead lab courier by 14:00.",
            "Southmead pathology courier collects at 2 pm, so samples have to be bagged before then.",
        ),
        (
            "cross",
            "mu",
            "Claire works long days, 07:30-20:00, Mon/Wed/Fri.",
            "Her shifts are long days on Monday, Wednesday and Friday, half seven to eight.",
        ),
    ),
    differ=(
        (
            "m",
            "Vitamin K consent leaflet: version 3.2 is the one to hand out.",
            "Infant feeding leaflet: version 2.7 is the one to hand out.",
        ),
        (
            "u",
            "Before 08:00 she'd like a text rather than a call.",
            "After 18:00 she'd like a call rather than a text.",
        ),
    ),
    conflict=(
        (
            "m",
            "On-call rota: one weekend in four.",
            "Since the October rota change she's on call every third weekend.",
        ),
        (
            "m",
            "Entonox cylinders are collected from the BOC depot at Avonmouth.",
            "Gas no longer comes from BOC; Air Liquide now delivers cylinders to Knowle on Tuesdays.",
        ),
        (
            "m",
            "Maternity notes system is BadgerNet 4.2.",
            "BadgerNet was upgraded to 5.1 over the weekend of 14 Sept (new login screen).",
        ),
        (
            "u",
            "Handover notes in SBAR, five lines at most.",
            "She now allows up to eight lines for an SBAR handover.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Parentcraft class runs Thursdays 18:30-20:00 at Knowle.",
            "Parentcraft evening session: Thursday, 19:00 to 20:30, Knowle Health Centre.",
        ),
        (
            "u",
            "Student midwife shadowing her this placement: Priya Sandhu.",
            "Her student on placement is Hannah Reid.",
        ),
    ),
    remote=("Scanned consent forms are on the trust SharePoint under /sites/Maternity/Community/Consent/.",),
    gone=("Old on-call rota spreadsheet: ~/Desktop/rota-2024/oncall.xlsx",),
    fill=0.83,
    user_fill=0.43,
    folders=("~/Documents/caseload", "~/Documents/training"),
)

HOMELAB = Home(
    name="homelab-proxmox",
    kind="IT support tech who runs a Proxmox home lab",
    memory=(
        "Cluster: pve1 + pve2 (Ryzen 7 5700G, 64 GB each), qdevice on a Pi 4.",
        "Ansible: inventory at ~/homelab/ansible/inventory.ini, run playbooks from ~/homelab/ansible.",
        "VLANs 10 trusted / 20 IoT / 30 guest; UniFi controller in LXC 105.",
        "Home Assistant is VM 110; Sonoff Zigbee dongle passed through by USB ID.",
        "Restic exclude list: ~/.config/restic/excludes.txt",
        "Grafana + Prometheus in LXC 120, node_exporter on every host.",
        "vzdump backups of all guests go to the PBS datastore pbs-local on pve2's SSD mirror.",
        "New WireGuard peers are made with ~/homelab/wg/new-peer.sh (writes a QR code too).",
        "Certs: Let's Encrypt DNS-01 through Cloudflare for *.lab.kowalski.pl.",
        "Rack draws about 140 W idle; UPS is an APC Back-UPS 1500.",
        "pve2 is pinned to kernel 6.8.12 because of the Intel i226 NIC driver.",
        "Docker hosts are Debian 12 LXCs with nesting=1 and keyctl=1.",
    ),
    user=(
        "Goes by Tomasz; terse answers are fine.",
        "Shell snippets in plain bash, no zsh-isms.",
        "Don't suggest paid SaaS when there's a self-hosted option.",
    ),
    same=(
        (
            "overlap",
            "m",
            "DNS is Pi-hole on 192.168.10.2.",
            "DNS: Pi-hole on 192.168.10.2 (LXC 101) forwarding to Unbound on :5335; admin UI at /admin.",
        ),
        (
            "paraphrase",
            "u",
            "Prefers docker compose files over Portainer stacks.",
            "Would rather keep services as compose YAML than click through Portainer.",
        ),
    ),
    differ=(
        (
            "m",
            "pve1 IPMI/BMC at 192.168.10.11.",
            "pve2 IPMI/BMC at 192.168.10.12.",
        ),
        (
            "m",
            "Nextcloud data is on tank/nextcloud, 2 TB quota.",
            "Immich library is on tank/photos, 3 TB quota.",
        ),
    ),
    conflict=(
        (
            "m",
            "Backups: restic to Backblaze B2 nightly at 02:00.",
            "Moved the restic job to 03:30 so it stops colliding with the vzdump run.",
        ),
        (
            "m",
            "ZFS pool tank is 4x 8 TB in RAIDZ1.",
            "tank was rebuilt in August: six 12 TB disks, RAIDZ2.",
        ),
        (
            "m",
            "Reverse proxy is Traefik v2.10 in Docker on pve1.",
            "Replaced Traefik with Caddy 2.8 running in its own LXC.",
        ),
        (
            "u",
            "Wants updates applied on Sunday evenings after 20:00.",
            "As of this month he'd rather patch on Saturday mornings, before 10.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Proxmox VE version on the nodes: 8.1.",
            "Both nodes run PVE 8.2.4.",
        ),
        (
            "u",
            "Gets alerts through ntfy on his phone.",
            "Alerts should reach him by Pushover.",
        ),
    ),
    remote=("Offsite copy: Synology DS218 at his parents' (over Tailscale), share /volume1/backup/homelab.",),
    gone=("Old compose stack was ~/docker-old/compose.yml before the LXC move.",),
    fill=0.77,
    user_fill=0.35,
    folders=("~/homelab", "~/homelab/ansible", "~/.config/restic"),
)

VINEYARD = Home(
    name="vineyard-owner",
    kind="owner-operator of a 12 ha vineyard in Marlborough, NZ, not a programmer",
    memory=(
        "12 ha: Pinot Noir 5 ha, Chardonnay 4 ha, Sauvignon Blanc 3 ha.",
        "Spray diary for the audit: ~/Vineyard/spray-records/2026.xlsx",
        "SWNZ audit every three years; next one March 2027.",
        "Frost fans on blocks 2 and 5 start at 0.5 °C.",
        "Picking crew: Marlborough Vine Services, contact Sione.",
        "Cellar door Thu-Sun 11:00-16:00, Oct to April only.",
        "Tractor: New Holland T4.75 with a 3 m mulcher, serviced at Piper's in Blenheim.",
        "Winter pruning June-August; two-cane VSP on most blocks, spur-pruned Chardonnay in block 4.",
        "Water consent from the District Council allows 45 m³ per hectare per week.",
        "Yield targets: Sauvignon Blanc 12-14 t/ha, Pinot Noir about 7 t/ha.",
        "Botrytis sprays stop 6 weeks before harvest (withholding period on the label).",
        "RSE workers from Vanuatu come each winter for pruning and stay in the cottage.",
    ),
    user=(
        "Aroha, near Blenheim; Pacific/Auckland time.",
        "Casual tone, 'Kia ora' is fine.",
        "Not technical: explain spreadsheet formulas step by step.",
        "Dollar figures in NZD with GST shown separately.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Sugar readings are in Brix (not Baumé); metric units throughout.",
            "Aroha likes metric units and Brix rather than Baumé.",
        ),
        (
            "paraphrase",
            "m",
            "Harvest usually starts in the last week of March, Pinot first.",
            "Pinot Noir gets picked first, normally from around the final week of March.",
        ),
    ),
    differ=(
        (
            "m",
            "Block 2 is Pinot Noir clone 777 on 101-14.",
            "Block 5 is Pinot Noir clone 115 on Schwarzmann.",
        ),
        (
            "u",
            "Wants spray diary totals in litres per hectare.",
            "Wants fuel log totals in litres per week.",
        ),
    ),
    conflict=(
        (
            "m",
            "Sauvignon Blanc goes to Villa Maria under contract at $2,100/t.",
            "Contract renewal for 2026 raised the Sauv Blanc price to $2,350 a tonne.",
        ),
        (
            "m",
            "Bird netting comes from Netpro.",
            "Switched netting supplier to Hortnet this season; Netpro's lead times were too long.",
        ),
        (
            "m",
            "Two permanent staff besides Aroha.",
            "Took on a third full-time hand in June.",
        ),
        (
            "u",
            "Likes the weekly summary on Monday mornings.",
            "From November she wants the week's summary on Friday afternoon instead.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Irrigation drippers: 1.6 L/h at 1 m spacing.",
            "Drip line emitters deliver 2.0 litres an hour.",
        ),
        (
            "u",
            "Her accountant is Ruth Blake at Crowe.",
            "Accounts are done by Daniel Mua at BDO.",
        ),
    ),
    remote=("Weather station CSV exports are on the farm office PC (OFFICE-PC), D:\\Weather\\exports\\.",),
    gone=("Vineyard block map: ~/Desktop/block-map-2019.pdf",),
    fill=0.76,
    user_fill=0.39,
    folders=("~/Vineyard", "~/Vineyard/spray-records"),
)

FORECAST = Home(
    name="ml-forecasting",
    kind="data scientist building retail demand forecasts",
    memory=(
        "~/work/forecast: demand forecasting for 240 stores; LightGBM with a Prophet baseline.",
        "Env managed with uv (uv.lock); tests via `uv run pytest -q`.",
        "Weekly raw sales extracts land in ~/data/raw/ as parquet.",
        "Metric reported to the business is WAPE, not MAPE.",
        "Features come from analytics.store_features_daily.",
        "MLflow experiment name: demand-v3.",
        "The sales ETL finishes around 06:00 UTC on Mondays; nothing downstream should start before that.",
        "Store IDs are 4-digit strings with leading zeros: never cast them to int.",
        "Holidays from the `holidays` package (UK + IE) plus a promo calendar in data/promo_calendar.csv.",
        "pre-commit runs ruff and mypy --strict on src/.",
        "Forecast consumers: supply-chain planning, lead Priyanka Rao.",
        "Known gap: stores 0117 and 0230 have no sales in 2024-03 (POS outage).",
    ),
    user=(
        "Sunita, London (Europe/London).",
        "Type hints everywhere, numpy-style docstrings.",
        "Dislikes notebooks committed with outputs.",
        "Prefers polars to pandas for new code.",
        "Short answers, with the why in one sentence.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Run the backtest with `make backtest`.",
            "Backtest: `make backtest STORES=all` from ~/work/forecast, ~40 min, writes reports/backtest.html.",
        ),
        (
            "paraphrase",
            "u",
            "In code review, correctness first and style last.",
            "When reviewing, she wants bugs raised before any nitpicks about style.",
        ),
    ),
    differ=(
        (
            "m",
            "Promo uplift model looks 4 weeks ahead.",
            "Markdown model looks 2 weeks ahead.",
        ),
        (
            "m",
            "EDA notebooks go in ~/work/forecast/notebooks/eda/.",
            "Report notebooks go in ~/work/forecast/notebooks/reports/.",
        ),
    ),
    conflict=(
        (
            "m",
            "Project Python is 3.10.",
            "Bumped the project to Python 3.12 in the October dependency refresh.",
        ),
        (
            "m",
            "Training runs on an n1-highmem-8 VM.",
            "Training moved to the shared A100 box (gpu-02) in September.",
        ),
        (
            "m",
            "Forecast horizon is 8 weeks.",
            "The business wanted further out, so as of Q3 the horizon is 13 weeks.",
        ),
        (
            "u",
            "Her PRs are reviewed by Marco.",
            "Marco left the team; PR reviews now go to Lena Fischer.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Holdout set: the last 12 weeks of 2025.",
            "The holdout window is the final 16 weeks of 2025.",
        ),
        (
            "u",
            "Wants charts in plotly, interactive.",
            "Charts should be static matplotlib PNGs.",
        ),
    ),
    remote=("MLflow artifacts are in the S3 bucket s3://acme-ml-artifacts/forecast/.",),
    gone=("Scratch feature code was in ~/scratch/features_v1.py.",),
    fill=0.74,
    user_fill=0.37,
    folders=("~/work/forecast", "~/work/forecast/notebooks", "~/data/raw"),
)

TRANSLATOR = Home(
    name="translator-de-en",
    kind="freelance literary translator, German into English, not a programmer",
    memory=(
        "Current book: Die Wasserträgerin by Lena Hartmann, for Pushkin Press, about 86,000 words.",
        "One glossary per book in ~/Translations/glossaries/ (.tsv).",
        "Invoices in ~/Invoices/, numbered YYYY-NNN.",
        "Member of the Translators Association; uses its rate guidance when negotiating.",
        "No CAT tool for fiction: drafts in Word, tracked changes for the editor.",
        "Goethe-Institut grant samples are 10-15 pages.",
        "Hartmann answers queries by email, in German, best sent in batches of ten or so.",
        "Rilke quotations use Stephen Mitchell's translation; permission noted in the acknowledgements.",
        "Self-assessment return every January; scanned receipts go in ~/Invoices/receipts/.",
        "Bavarian dialect passages become plain regional English, no phonetic spellings; explained in the translator's note.",
        "Word counts for invoicing exclude footnotes and front matter.",
    ),
    user=(
        "Fiona; happy in English or German.",
        "Hates hedging like 'kind of'; wants direct suggestions.",
        "Reads on a Kindle, so long texts as .epub if possible.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Pushkin house style: British spelling, single quotation marks, -ise endings.",
            "Fiona writes British English: single quotes and -ise spellings.",
        ),
        (
            "paraphrase",
            "m",
            "German place names stay untranslated except Munich, Cologne and Vienna.",
            "Only Vienna, Cologne and Munich get English names; other German places keep theirs.",
        ),
    ),
    differ=(
        (
            "m",
            "Royalty on the Hartmann book: 1% of net receipts.",
            "Royalty on the Baum collection: 1.5% of net receipts.",
        ),
        (
            "u",
            "Feedback on dialogue as margin comments.",
            "Feedback on punctuation as tracked changes.",
        ),
    ),
    conflict=(
        (
            "m",
            "Fee for the Hartmann book: £95 per 1,000 words.",
            "Renegotiated Hartmann to £105 per thousand words from the second tranche on.",
        ),
        (
            "m",
            "Full draft of the Hartmann due 30 January.",
            "Pushkin extended the draft deadline to 28 February.",
        ),
        (
            "m",
            "Editor at Pushkin is Daniel Seton.",
            "Daniel is on leave, so the book is now edited by Imogen Hale.",
        ),
        (
            "u",
            "Works on Berlin time (CET).",
            "Moved back to Edinburgh in the summer; use UK time.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Uses Duden online for German definitions.",
            "DWDS is her reference for German definitions.",
        ),
        (
            "u",
            "Daily target: 1,500 words of draft.",
            "Aims for about 2,000 words of first draft a day.",
        ),
    ),
    remote=("Shared manuscript folder is on the publisher's Dropbox: /Pushkin/Hartmann/Drafts/.",),
    gone=("Old glossary in ~/Desktop/wasser-glossar-alt.txt",),
    fill=0.78,
    user_fill=0.35,
    folders=("~/Translations", "~/Translations/glossaries", "~/Invoices"),
)

FLUTTER = Home(
    name="mobile-flutter",
    kind="mobile developer on a Flutter shopping app",
    memory=(
        "App lives in ~/dev/shopapp: Flutter, Riverpod for state, go_router for navigation.",
        "After plugin changes: `cd ~/dev/shopapp/ios && pod install`.",
        "Android signing config: ~/dev/shopapp/android/key.properties (never committed).",
        "Crash reporting goes to Sentry project shopapp-mobile.",
        "Release notes drafted in CHANGELOG.md, en + de.",
        "Feature flags via Firebase Remote Config.",
        "Strings in ARB files under lib/l10n; run `flutter gen-l10n` after editing them.",
        "Payments via the Stripe SDK; Apple Pay merchant ID merchant.de.shopapp.",
        "Deep links https://shopapp.de/p/<id> open product pages (assetlinks.json and the apple-app-site-association file).",
        "Analytics event names are snake_case, 40 chars max, listed in docs/analytics.md.",
        "Golden tests only run on the macOS runner; font rendering differs elsewhere.",
    ),
    user=(
        "Lukas, Hamburg.",
        "Small widget snippets, not whole files.",
        "Give the reason for a change before the code, not after.",
        "Uses Android Studio, not VS Code.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Run tests with `fvm flutter test`.",
            "Tests: `fvm flutter test --coverage`, then `genhtml coverage/lcov.info -o coverage/html`.",
        ),
        (
            "cross",
            "mu",
            "Code style: 80-column lines and trailing commas, as `dart format` leaves them.",
            "Lukas likes dart format's 80-character lines with trailing commas kept.",
        ),
        (
            "paraphrase",
            "u",
            "Answers and code comments in English.",
            "Write comments and replies in English, not German.",
        ),
    ),
    differ=(
        (
            "m",
            "Staging API: https://api-staging.shopapp.de (v2).",
            "Production API: https://api.shopapp.de (v2).",
        ),
        (
            "m",
            "iOS deployment target is 13.0.",
            "watchOS deployment target is 8.0.",
        ),
    ),
    conflict=(
        (
            "m",
            "fvm pins Flutter 3.19.",
            "Upgraded the fvm pin to Flutter 3.24 in sprint 41.",
        ),
        (
            "m",
            "Android minSdk is 21.",
            "Raised minSdkVersion to 24 in March to drop the multidex workaround.",
        ),
        (
            "m",
            "Release builds run on Codemagic, about 25 min each.",
            "Codemagic was replaced by GitHub Actions + fastlane for release builds.",
        ),
        (
            "u",
            "Standup is at 09:30 CET.",
            "The daily sync moved to 10:15 after the team grew.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "App Store review usually takes 2 days.",
            "Apple review for shopapp typically clears in about 24 hours.",
        ),
        (
            "u",
            "Designer on the project is Marta Nowak.",
            "Designs come from Jonas Weber on the product team.",
        ),
    ),
    remote=(
        "Signing certs are in the fastlane match repo on the company GitLab: gitlab.shopapp.de/mobile/certificates.",
    ),
    gone=("Old Xamarin prototype: ~/legacy/xamarin-proto/",),
    fill=0.78,
    user_fill=0.36,
    folders=("~/dev/shopapp", "~/dev/shopapp/android", "~/dev/shopapp/ios"),
)

HOMES: tuple[Home, ...] = (MIDWIFE, HOMELAB, VINEYARD, FORECAST, TRANSLATOR, FLUTTER)
