# ruff: noqa: E501
"""Development set 2, part C: six homes (choir director, bike shop, climate modeller, AppSec engineer, fintech SRE, Rust maintainer).

Written blind to the clean-up method; see cleanup_devset2.py for the labelling guide.
"""

from __future__ import annotations

from cleanup_corpus import Home

CHOIR = Home(
    name="choir-director",
    kind="the director of a 60-voice community choir",
    memory=(
        "Cantamus Community Choir: 60 singers (S 22, A 18, T 8, B 12).",
        "Music library spreadsheet and part-learning tracks are in ~/choir/library.",
        "Licensing: CCLI for hymns; concerts rely on the venue's PRS licence.",
        "Subs £15 a month, £8 concessions; Bernard is treasurer.",
        "Warm-up is 15 minutes: lip trills, sirens, then a round.",
        "Summer concert 2026: Fauré Requiem with string quintet and organ.",
        "Sheet music comes from Banks Music with a 10% choir discount.",
        "Hyun-woo accompanies on Thursdays and needs the running order 48 hours ahead.",
        "Part tracks are made in MuseScore 4 and exported as one MP3 per voice.",
        "Attendance is a Google Form; miss three rehearsals before a concert and you sit it out.",
    ),
    user=(
        "I'm Eleanor; trained as an organist, so full scores are no problem.",
        "Eleanor wants emails to the choir warm and short, signed 'Eleanor x'.",
        "Prefers rehearsal plans in 10-minute blocks.",
        "Eleanor is dyslexic: no walls of text; bullets and bold headings help.",
        "When suggesting repertoire, Eleanor wants the voicing (SATB, SSA), the difficulty, the length in minutes, whether it needs accompaniment, and one sentence on why it suits a mixed-ability community choir; she chose most of the music herself and cares about the why.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Concert dress: all black, with coloured scarves for sopranos and altos.",
            "Sopranos and altos add a coloured scarf; apart from that everyone performs in black.",
        ),
        (
            "overlap",
            "m",
            "Rehearsal is Thursday 19:30.",
            "Rehearsals are Thursdays 19:30-21:30 at St Aidan's, tea at 20:30; tenors and basses stay for a 15-minute sectional in the second week of each month.",
        ),
        (
            "cross",
            "mu",
            "Solos are auditioned; they are never just handed to the usual people.",
            "Eleanor insists every solo is auditioned so it stays fair.",
        ),
        (
            "paraphrase",
            "u",
            "Don't send Eleanor choir admin on a Sunday.",
            "Sundays are church for Eleanor, so anything about the choir waits until Monday.",
        ),
    ),
    differ=(
        (
            "m",
            "Winter concert: Saturday 12 December, 19:00, St Aidan's.",
            "Carol singing: Saturday 19 December, 15:00, Market Square.",
        ),
    ),
    conflict=(
        (
            "m",
            "Hall hire at St Aidan's is £28 an hour.",
            "St Aidan's raised the hall hire to £32 an hour from January.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Our Fauré edition is the 1893 chamber version (Rutter, OUP).",
            "We sing the Fauré Requiem in the 1900 orchestral version, Novello edition.",
        ),
    ),
    remote=("The member-only scores are on the Squarespace site under /members/scores; nothing is stored on this PC.",),
    gone=("Rehearsal recordings from 2025 are in ~/choir/recordings-2025.",),
    fill=0.78,
    user_fill=0.5,
    folders=("~/choir/library",),
)

BIKESHOP = Home(
    name="bike-shop",
    kind="the owner of a bike shop with a repair workshop",
    memory=(
        "Shop: Radwerk Cycles, Bristol; two mechanics plus Jens; open Tue-Sat 09:00-17:30.",
        "Till and stock in Lightspeed Retail; frame numbers are logged against every bike sale.",
        "Service menu: basic £55, e-bike check £75, workshop labour £48/h.",
        "Cycle to Work through Cyclescheme (12% commission) and the Green Commute Initiative.",
        "Bosch e-bike diagnostics need DiagnosticTool 3 with the dealer login.",
        "Suppliers: Madison (next day if ordered by 16:00, also Shimano), Fox through Mojo.",
        "Stock export scripts are in ~/shop/stock-tools and read Lightspeed CSV exports.",
        "Pressure chart above stand 2: road 80-100 psi, gravel 35-45 psi.",
        "The workshop takes at most 8 services a day.",
        "Customers' bikes in the workshop are insured up to £50,000 in total.",
    ),
    user=(
        "Jens, ursprünglich aus Hamburg: writes English but thinks in German, so plain words please.",
        "Jens hates marketing speak; product descriptions should be technical.",
        "Prices a customer sees always include VAT.",
        "Reply before 09:00 or after 17:30; the rest of the day he's on the shop floor.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "E-bike batteries are stored at 30-60% charge in the fireproof cabinet.",
            "Keep e-bike packs between thirty and sixty percent, inside the fire cabinet, while they're in the shop.",
        ),
        (
            "overlap",
            "m",
            "Bikes not collected after 30 days are charged storage.",
            "Bikes left more than 30 days after the customer was told they're ready are charged £2 a day storage; after 90 days we write to them about disposal.",
        ),
        (
            "overlap",
            "u",
            "Jens uses metric torque values.",
            "Jens wants torque in Nm, never inch-pounds, with the manufacturer's figure and the wrench setting side by side.",
        ),
        (
            "cross",
            "mu",
            "Carbon frames are never clamped by the top tube in the stand.",
            "Jens insists nobody clamps a carbon frame by the top tube; seatpost only.",
        ),
    ),
    differ=(
        (
            "m",
            "Mechanic Aisha does e-bikes and suspension, Tue-Thu.",
            "Mechanic Ollie does wheels and road bikes, Wed-Sat.",
        ),
    ),
    conflict=(
        (
            "m",
            "Card payments go through SumUp at 1.69%.",
            "Switched from SumUp to Dojo in May; cards cost us 1.2% per transaction now.",
        ),
        (
            "m",
            "Full service price: £120.",
            "A full service went up to £135 this spring, parts still extra.",
        ),
    ),
    remote=("The workshop laptop (WORKSHOP-1) keeps the Bosch diagnostic reports in C:\\BoschDiag\\Reports.",),
    gone=("Old Vend exports from before the move to Lightspeed are in ~/shop/vend-export.",),
    fill=0.92,
    user_fill=0.44,
    folders=("~/shop/stock-tools",),
)

CLIMATE = Home(
    name="climate-hpc",
    kind="a climate researcher running regional models on an HPC cluster",
    memory=(
        "WRF 4.5.1 for the regional runs, driven by ERA5; CESM2 output for the future scenarios.",
        "Analysis code is in ~/research/wrf-analysis (xarray, dask, cartopy; conda env wrfenv).",
        "Slurm: partition standard, max walltime 48:00:00.",
        "A 10-year run at 12 km over the Alps costs roughly 38,000 core-hours.",
        "Output is netCDF4 with zlib level 4; daily means are kept, hourly files deleted after postprocessing.",
        "Domains: d01 36 km, d02 12 km nested; 45 vertical levels.",
        "Spin-up: discard the first six months of every run.",
        "Grant reports to NERC every 12 months.",
        "Paper drafts live in ~/research/papers, one Overleaf-synced folder per paper.",
        "Cluster maintenance: first Wednesday of the month, 08:00-18:00 UTC.",
    ),
    user=(
        "Dr Ingrid Solberg; Norwegian postdoc, based in Reading.",
        "Prefers shell one-liners explained token by token.",
        "Ingrid wants SI units with exponents written out, e.g. kg m-2 s-1.",
        "I get annoyed by matplotlib defaults; always set the figure size and dpi.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Never run postprocessing on the login nodes.",
            "Login nodes are off limits for postprocessing; submit it as a batch job instead.",
        ),
        (
            "cross",
            "mu",
            "Every Slurm job script must set --mem explicitly.",
            "Ingrid always wants --mem written out in the sbatch scripts rather than left to the default.",
        ),
        (
            "overlap",
            "m",
            "The project's scratch quota is 20 TB.",
            "The project's scratch quota is 20 TB and 2 million files; check it with lfs quota before any ensemble and clear the hourly output first.",
        ),
    ),
    differ=(
        (
            "m",
            "Historical run: 1991-2020, ERA5 boundaries, job name hist12.",
            "Future run: 2071-2100, CESM2 SSP3-7.0 boundaries, job name fut12.",
        ),
        (
            "m",
            "Account n02-clim is charged for the WRF runs.",
            "Account n02-ana is charged for the analysis jobs.",
        ),
    ),
    conflict=(
        (
            "m",
            "This year's allocation: 2.5 million core-hours.",
            "After the mid-year top-up we have 3.2M core-hours in total now.",
        ),
        (
            "m",
            "WRF is compiled with Intel oneAPI 2023.1.",
            "Since the OS upgrade in June, WRF is built with GCC 12.2 and Cray MPICH.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Each ensemble has 5 members.",
            "Ensembles are run with ten members.",
        ),
    ),
    remote=(
        "On ARCHER2 the raw wrfout files are under /work/n02/n02/isolberg/wrfout; read them only there.",
        "Long-term storage is the JASMIN group workspace /gws/nopw/j04/alpclim/ingrid, reached through the sci servers.",
    ),
    gone=("The 2023 test runs were copied to ~/research/wrf-tests-2023 for the methods chapter.",),
    fill=0.95,
    user_fill=0.6,
    folders=("~/research/wrf-analysis", "~/research/papers"),
)

APPSEC = Home(
    name="security-eng",
    kind="an application security lead at a SaaS company",
    memory=(
        "Scope: the web app (app.example-saas.com), the public API and two mobile apps.",
        "Semgrep runs in CI with the team's ruleset.",
        "Dependabot alerts: criticals patched within 7 days, highs within 30.",
        "Secrets live in Vault; the agent never prints a secret's value.",
        "HackerOne bounty table: low $150, medium $600, high $2,500, critical $7,500.",
        "Threat models are in ~/sec/threat-models, one STRIDE markdown file per service.",
        "SSO is Okta; admin accounts need a FIDO2 key.",
        "Severities: SEV1 customer data exposed, SEV2 exploit possible, SEV3 hardening.",
        "Sigma detection rules live in ~/sec/detections and are converted for Splunk.",
        "TLS 1.2 minimum, 1.3 preferred; HSTS max-age 31536000.",
    ),
    user=(
        "Mei (she/her), ex-pentester, now AppSec lead.",
        "Wants CVE ids and full CVSS vectors, not just a score.",
        "Mei prefers a diff over a whole file when a fix is suggested.",
        "No exploit code in plain chat; describe the primitive instead.",
        "Mei writes some notes in Japanese (要確認 = needs checking); leave them as they are.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "Mei doesn't want findings rated higher than the evidence supports.",
            "Never inflate severity: each finding is scored only on what was actually demonstrated.",
        ),
        (
            "overlap",
            "m",
            "ZAP scans staging every night.",
            "ZAP runs a baseline scan against staging every night at 01:00 UTC, logged in as qa-scanner, and posts new alerts to #appsec-alerts.",
        ),
        (
            "cross",
            "mu",
            "Security findings are tracked in the Jira project SEC, never in public GitHub issues.",
            "Mei wants every security finding filed in SEC on Jira and nothing in the public GitHub tracker.",
        ),
    ),
    differ=(
        (
            "m",
            "Prod WAF: Cloudflare managed ruleset in block mode.",
            "Staging WAF: Cloudflare managed ruleset in log-only mode.",
        ),
    ),
    conflict=(
        (
            "m",
            "Annual pentest is done by NCC Group.",
            "We replaced NCC with Cure53 for the pentests, starting with this year's engagement.",
        ),
        (
            "m",
            "Password minimum length: 10 characters.",
            "As of 2026-10 the policy requires passwords of at least 14 characters.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Access reviews happen quarterly.",
            "User access is reviewed twice a year.",
        ),
    ),
    remote=(
        "The Splunk forwarder config on the log collector is at logcol-01:/opt/splunkforwarder/etc/system/local.",
        "In the app's container image the CA bundle is /etc/ssl/certs/ca-certificates.crt; patch it in the image build.",
    ),
    gone=("The 2025 pentest report PDFs are in ~/sec/pentest-2025.",),
    fill=0.9,
    user_fill=0.72,
    folders=("~/sec/threat-models", "~/sec/detections"),
)

SRE = Home(
    name="sre-fintech",
    kind="an SRE on the payments platform of a fintech",
    memory=(
        "Payments platform on EKS (Kubernetes 1.30) in eu-west-2, three AZs.",
        "On-call is weekly, handover Monday 10:00 UK; PagerDuty service PAY-CORE.",
        "SLO: 99.95% availability on the payments API, p99 under 300 ms.",
        "Terraform lives in ~/infra/terraform (AWS provider ~> 5.40); every plan is reviewed by a second SRE.",
        "Aurora PostgreSQL 15 behind pgbouncer in transaction mode, pool size 40 per pod.",
        "Change freeze on the last three business days of each month (settlement).",
        "Runbooks are markdown in ~/infra/runbooks, linked from the PagerDuty alerts.",
        "Prometheus + Thanos for metrics, Grafana dashboards, Loki for logs.",
        "PCI scope: only the vault service ever touches PANs.",
        "Deploys go through Argo CD; roll back by reverting the image tag in the gitops repo.",
        "Incident comms: the incident commander posts in #inc-<date>-<slug> every 30 minutes even when nothing has changed; customer updates go on the status page only after the comms lead approves the wording; regulators are notified by compliance, never by engineering.",
    ),
    user=(
        "I'm Kwame; postmortems are blameless and written in the past tense.",
        "Kwame wants kubectl commands with --context spelled out every time.",
        "Prefers to see the blast radius before the fix.",
        "Kwame is on UK time and pairs with the Warsaw team at 15:00 CET.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Never run terraform apply from a laptop; only the CI pipeline applies.",
            "Applies happen in CI and nowhere else: nobody runs terraform apply locally.",
        ),
        (
            "overlap",
            "m",
            "Alertmanager routes SEV1 to PagerDuty.",
            "Alertmanager sends SEV1 to PagerDuty (PAY-CORE, high urgency) and SEV2/SEV3 to Slack #pay-alerts, grouped by cluster and service with group_wait 5m.",
        ),
        (
            "cross",
            "mu",
            "Production database access needs a break-glass ticket approved by a second engineer.",
            "Kwame wants a second engineer to sign off any break-glass access to the prod database.",
        ),
        (
            "paraphrase",
            "u",
            "Kwame prefers ISO 8601 timestamps in UTC (2026-11-30T14:05Z).",
            "Times for Kwame: always UTC in the 2026-11-30T14:05Z form, never local time.",
        ),
    ),
    differ=(
        (
            "m",
            "Prod cluster pay-prod-euw2: m6i.2xlarge nodes, minimum 6.",
            "Staging cluster pay-stg-euw2: m6i.large nodes, minimum 2.",
        ),
        (
            "m",
            "payments-api listens on 8080, metrics on 9090.",
            "ledger-svc listens on 8081, metrics on 9091.",
        ),
    ),
    conflict=(
        (
            "m",
            "PagerDuty escalates after 5 minutes unacknowledged.",
            "After the noisy-pager review the escalation timeout was changed to 10 min unacked.",
        ),
        (
            "m",
            "Aurora instance class is db.r6g.2xlarge.",
            "The Aurora writer now runs on db.r7g.4xlarge, since the Black Friday capacity work.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Loki keeps logs for 30 days.",
            "Log retention in Loki: 14 days.",
        ),
    ),
    remote=(
        "The bastion host bastion-euw2 keeps session recordings under /var/log/teleport/sessions; review them there.",
        "Inside the payments-api pod the config is mounted at /etc/payments/config.yaml from its ConfigMap.",
    ),
    gone=("Old Helm charts from before Argo CD sit in ~/infra/helm-legacy.",),
    fill=0.98,
    user_fill=0.62,
    folders=("~/infra/terraform", "~/infra/runbooks"),
)

RUSTLIB = Home(
    name="rust-maintainer",
    kind="the maintainer of an open-source Rust TOML parser",
    memory=(
        "Crate 'tomlette', a TOML parser: repo at ~/src/tomlette, published on crates.io.",
        "MSRV policy: the last six stable releases; CI tests the MSRV, stable and nightly.",
        "Features: serde (default), preserve_order, std (default); no_std works with alloc.",
        "Fuzzing with cargo-fuzz, targets parse and roundtrip; at least 10 minutes each before a release.",
        "Releases: cargo release minor, changelog in Keep a Changelog style.",
        "Benchmarks use criterion; a regression over 5% blocks the release.",
        "The top five reverse dependencies are built in CI against each release candidate.",
        "License MIT OR Apache-2.0; contributions need a DCO sign-off.",
        "docs.rs builds with --all-features; every doc example must compile.",
        "The spec test suite is checked out at ~/src/toml-test-suite.",
        "Labels: C-bug, C-feature, E-easy, P-high.",
    ),
    user=(
        "Yuki maintains the crate in the evenings, 20:00-23:00 JST.",
        "Prefers explanations that cite the Rust Reference or a section of the TOML spec.",
        "Yuki wants review comments phrased as questions, not orders.",
        "Don't suggest new dependencies unless there is no sane alternative.",
        "日本語でもOK: Yuki reads Japanese and English equally well.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "No unsafe code in the crate: #![forbid(unsafe_code)] at the root.",
            "The library forbids unsafe at crate level, so any unsafe block fails to compile.",
        ),
        (
            "overlap",
            "m",
            "Clippy runs with -D warnings.",
            "CI runs cargo clippy --all-targets --all-features -- -D warnings on stable, plus clippy::pedantic as warnings only on nightly.",
        ),
        (
            "cross",
            "mu",
            "Public API changes need a cargo-semver-checks pass before release.",
            "Yuki always runs cargo-semver-checks before publishing anything.",
        ),
    ),
    differ=(
        (
            "m",
            "tomlette 0.9.x is the maintenance line: security fixes only.",
            "tomlette 0.10.x is the active line: new features land there.",
        ),
    ),
    conflict=(
        (
            "m",
            "Minimum supported Rust version: 1.70.",
            "Bumped the MSRV to 1.78 with 0.10, because of the v4 Cargo.lock.",
        ),
        (
            "m",
            "The serde feature needs serde ^1.0.150.",
            "Since 0.10.2 the serde requirement moved to ^1.0.200.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "CI matrix: ubuntu, macos and windows.",
            "The GitHub Actions matrix covers ubuntu-latest and windows-latest.",
        ),
    ),
    remote=(
        "Nightly fuzzing runs on the sponsor's box; crash inputs are in fuzz@fuzzbox:/home/fuzz/tomlette/artifacts.",
        "The rendered docs mirror is on GitHub Pages, served from the gh-pages branch at yuki.github.io/tomlette/.",
    ),
    gone=("Old 0.8 benchmark results were saved in ~/src/tomlette-bench-0.8.",),
    fill=0.93,
    user_fill=0.75,
    folders=("~/src/tomlette", "~/src/toml-test-suite"),
)

HOMES = (CHOIR, BIKESHOP, CLIMATE, APPSEC, SRE, RUSTLIB)
