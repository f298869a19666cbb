# ruff: noqa: E501
"""Third development set, part B: six homes (museum archivist, electrician, charity bookkeeper,
DevOps engineer, mobile game studio lead, hydrologist), written blind, rich in contradictions."""

from __future__ import annotations

from cleanup_corpus import Home

ARCHIVIST = Home(
    name="museum-archivist",
    kind="archivist at a county museum digitising a photographic collection",
    memory=(
        "Collection management system is Axiell Collections; accession numbers look like 1987.214.3.",
        "Master scans are 16-bit TIFF at 600 ppi; access copies are JPEG at 2000 px on the long edge.",
        "Digitisation working folder is ~/archive/scans; files are named by accession number plus _m (master) or _a (access).",
        "Glass plate negatives must be handled with nitrile gloves and scanned emulsion side down.",
        "Strongroom relative humidity target is 45-55%; the Hanwell loggers email alerts to the collections inbox.",
        "Copyright status codes: PD (public domain), ORW (orphan work), RC (rights cleared), UNK.",
        "Volunteers work Tuesday and Thursday mornings; each has a signed handling agreement.",
        "Image licensing requests: standard fee £45 per image for commercial print, free for academic use.",
        "Metadata crosswalk from Axiell to Dublin Core is documented in ~/archive/metadata.",
        "The flatbed is an Epson DS-50000; glass plates go on the Epson V850.",
    ),
    user=(
        "Prefers dates written ISO style (1923-06-14) and circa dates as 'c. 1920'.",
        "Wants catalogue descriptions in the past tense and without adjectives like 'beautiful'.",
        "Never wants originals described as 'damaged'; use 'shows wear' or specify the condition.",
        "Likes a short end-of-day digest: items scanned, items catalogued, problems.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Maximum shelf height for boxed prints in the strongroom is 1.8 m.",
            "Don't stack print boxes above 180 cm on the strongroom shelving.",
        ),
        (
            "overlap",
            "m",
            "Nitrate film goes to the off-site cold store.",
            "Nitrate film goes to the off-site cold store at -5 °C; never keep it in the strongroom, and log every transfer with the courier's receipt.",
        ),
    ),
    differ=(
        (
            "m",
            "The Hartley Collection has 3,400 glass plates.",
            "The Pennington Collection has 1,150 glass plates.",
        ),
        (
            "m",
            "Strongroom 1 is kept at 16 °C.",
            "Strongroom 2 is kept at 18 °C.",
        ),
    ),
    conflict=(
        (
            "m",
            "Axiell Collections is on version 6.2.",
            "IT upgraded Axiell to 7.0 over the weekend; the search screen has moved.",
        ),
        (
            "m",
            "Reading room is open to researchers Wednesday to Friday, 10:00-16:00.",
            "Researcher appointments now only Thursdays and Fridays, same hours, because of staff cuts.",
        ),
        (
            "u",
            "Prefers the weekly digitisation target of 120 images.",
            "Target dropped to 80 images a week since the volunteers halved.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The conservator for paper and photographs is Dr. Ingrid Sølvberg.",
            "Photographic conservation is handled by Harriet Mbeki at the regional lab.",
        ),
        (
            "m",
            "Exhibition showcases are held at 20 °C.",
            "Gallery display cases are kept at 18 °C.",
        ),
    ),
    remote=("The public image server keeps IIIF derivatives on iiif-01.museum.local under /srv/iiif/images.",),
    gone=("The old Access database export is at ~/archive/legacy/catalogue_1998.mdb.",),
    folders=("~/archive/scans", "~/archive/metadata"),
    fill=0.97,
    user_fill=0.51,
)

ELECTRICIAN = Home(
    name="electrician",
    kind="self-employed electrician doing domestic rewires and EV charger installs",
    memory=(
        "Certificates (EICR, EIC, minor works) are produced in iCertifi and exported as PDF to ~/jobs/certs.",
        "Quotes are drafted in ~/jobs/quotes, one folder per customer surname.",
        "Van stock minimum: 2 reels of 2.5 mm² T&E, 1 reel of 1.5 mm², 10 RCBOs, 20 back boxes.",
        "Registered with NICEIC; assessment visit is every year in May.",
        "Test kit is a Megger MFT1741+, calibrated annually, certificate kept in the glovebox.",
        "EV charger installs: Zappi or Ohme only; both need a DNO notification within 28 days.",
        "Day rate for a mate (labourer) is £140.",
        "Never work on a consumer unit without lock-off kit and proving unit; the proving unit lives in the red bag.",
        "Customer deposits go to a separate Starling 'Deposits' space.",
        "Wholesale account at CEF on Mill Road; trade counter opens 7:00.",
    ),
    user=(
        "Wants quotes itemised: materials, labour, certification, VAT last.",
        "Prefers texts to customers short and with the arrival window, e.g. '8-10am'.",
        "Doesn't work Fridays after 14:00 (picks up his kids).",
        "Likes money always with pence, '£1,240.00' not '£1.2k'.",
        "Prefers metric cable sizes spoken in mm², never AWG.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Mark doesn't take on commercial three-phase jobs, domestic only.",
            "I only do domestic work; I turn down three-phase commercial jobs.",
        ),
        (
            "paraphrase",
            "m",
            "Payment terms on invoices: fourteen days.",
            "Invoices are due 14 days after issue.",
        ),
    ),
    differ=(
        (
            "m",
            "Kitchen circuit at the Patel job is on a 32 A RCBO.",
            "Shower circuit at the Patel job is on a 40 A RCBO.",
        ),
        (
            "m",
            "The Ashdown Road rewire starts on 12 January.",
            "The Cedar Close rewire starts on 19 January.",
        ),
    ),
    conflict=(
        (
            "m",
            "Hourly rate is £45 plus VAT.",
            "Labour now charged at £52 an hour (+VAT) since the new year.",
        ),
        (
            "m",
            "Standard EV charger install is quoted at £950 including a 7 kW unit.",
            "Raised the fixed price for a 7 kW home charger fitted to £1,080.",
        ),
        (
            "m",
            "Insurance is with Simply Business, renewal in July.",
            "Moved the public liability cover from Simply Business to Hiscox; renews in July still.",
        ),
        (
            "u",
            "Wants job reminders the evening before at 20:00.",
            "Prefers the next-day job reminder at 6:30 in the morning now, not the night before.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Public liability cover is £2 million.",
            "Public liability insured up to £5m.",
        ),
    ),
    remote=(
        "The iCertifi app on his phone stores offline drafts in /storage/emulated/0/iCertifi/drafts until synced.",
    ),
    folders=("~/jobs/certs", "~/jobs/quotes"),
    fill=0.78,
    user_fill=0.66,
)

BOOKKEEPER = Home(
    name="charity-bookkeeper",
    kind="part-time bookkeeper for a food-bank charity",
    memory=(
        "Accounts are kept in QuickBooks Online; the charity's financial year ends 31 March.",
        "Restricted funds: Lottery Community Fund (van), Tesco Grant (fridges), Council hardship fund.",
        "Gift Aid claims are submitted through HMRC Charities Online every quarter.",
        "Receipts are scanned into ~/charity/receipts/YYYY-MM and matched in QuickBooks within a week.",
        "Petty cash float is £100, counted by two people on the first Monday of each month.",
        "Any payment over £1,000 needs two trustee approvals in the bank app.",
        "Independent examiner is Carol Fenwick; she wants the draft accounts by the end of June.",
        "Volunteer mileage is reimbursed at 45p per mile for the first 10,000 miles.",
        "Donations via JustGiving arrive net of fees, about 5% less than gross.",
        "Trustee reports are saved in ~/charity/trustees as PDF.",
        "Budget for the year is £86,400, of which £31,000 is food purchasing.",
    ),
    user=(
        "Prefers figures rounded to the pound in trustee reports, exact pence in the ledger.",
        "Wants reconciliations flagged in amber if they're over a week late, red over a month.",
        "Works Tuesday and Thursday only; no messages other days.",
        "Likes explanations of accounting rules with a food-bank example.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Bank reconciliation is done every fortnight.",
            "Reconcile the bank feed once every two weeks.",
        ),
    ),
    differ=(
        (
            "m",
            "The main current account is with Unity Trust Bank, sort code 60-83-01.",
            "The reserve savings account is with CAF Bank, sort code 40-52-40.",
        ),
        (
            "m",
            "The Lottery grant must be spent by 30 September 2027.",
            "The Tesco grant must be spent by 31 January 2027.",
        ),
    ),
    conflict=(
        (
            "m",
            "Treasurer is Geoff Lambert.",
            "Since the AGM the treasurer is Nadia Hussain (Geoff stayed on as a trustee).",
        ),
        (
            "m",
            "The QuickBooks subscription is £12 a month on the Simple Start plan.",
            "QuickBooks went up to £16 monthly; still Simple Start.",
        ),
        (
            "m",
            "Reserves policy: keep three months of running costs.",
            "Trustees changed the reserves policy to six months' costs at the October meeting.",
        ),
        (
            "u",
            "Wants the monthly management accounts by the 10th.",
            "These days she'd like the management pack by the 5th working day of the month.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Gift Aid is claimed through HMRC for about 140 regular donors.",
            "We have 95 regular donors with Gift Aid declarations.",
        ),
        (
            "m",
            "The charity registration number is 1187432.",
            "Registered charity no. 1178342.",
        ),
    ),
    remote=(
        "The payroll files are kept by the payroll bureau on their portal, payroll.fenwickpay.co.uk/clients/foodbank-ne/files.",
    ),
    gone=("Last year's Gift Aid workings were in ~/charity/giftaid/2024-25.xlsx.",),
    folders=("~/charity/receipts", "~/charity/trustees"),
    fill=0.97,
    user_fill=0.45,
)

DEVOPS = Home(
    name="devops-engineer",
    kind="DevOps engineer for a mid-size logistics SaaS",
    memory=(
        "Infra as code lives in ~/src/infra (Terraform 1.9, AWS eu-west-1 and eu-central-1).",
        "Helm charts for all services are in ~/src/charts; chart versions follow the app version.",
        "On-call rotation is weekly, handover Monday 10:00 Europe/London in #ops-handover.",
        "Prod Kubernetes is EKS with 3 node groups: general (m6i.xlarge), memory (r6i.2xlarge), spot (mixed).",
        "Secrets are in AWS Secrets Manager; never put them in Helm values files.",
        "Grafana dashboards are provisioned from JSON in the infra repo; manual edits get overwritten.",
        "Postgres backups: daily snapshot plus PITR, retention 14 days.",
        "The deploy pipeline is GitHub Actions with OIDC to AWS; no long-lived keys.",
        "Runbooks are in Notion under Ops > Runbooks; the incident template is the first page.",
        "Budget alert fires at $18,000 a month on the AWS account.",
    ),
    user=(
        "Prefers shell examples in bash, with set -euo pipefail at the top.",
        "Wants commands shown first, explanation after.",
        "Doesn't want emojis in commit messages or PR descriptions.",
        "Likes terraform plans summarised as: adds, changes, destroys, then anything risky.",
        "Prefers UTC in everything except on-call handover times.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Log retention in Loki is 30 days.",
            "Loki keeps logs for a month (thirty days) before compaction deletes them.",
        ),
        (
            "overlap",
            "m",
            "Use `kubectl --context prod-eu` for production.",
            "Use `kubectl --context prod-eu` for production and `--context stg-eu` for staging; the default context is deliberately set to a sandbox.",
        ),
    ),
    differ=(
        (
            "m",
            "Prod API Postgres is db-prod.internal:5432.",
            "Staging API Postgres is db-stg.internal:5433.",
        ),
        (
            "m",
            "The tracking service listens on port 8081.",
            "The billing service listens on port 8082.",
        ),
    ),
    conflict=(
        (
            "m",
            "The staging database runs PostgreSQL 14.",
            "Upgraded the pre-prod Postgres to 16 last sprint; prod follows in January.",
        ),
        (
            "m",
            "Redis for sessions is on port 6379.",
            "Session Redis moved to 6380 when we split the cache; no longer 6379.",
        ),
        (
            "m",
            "The cluster autoscaler allows 4 to 20 nodes in the general node group.",
            "General node group max was raised to 30 (min still 4) after Black Friday.",
        ),
        (
            "m",
            "Supported Python range for the internal CLI is 3.9-3.11.",
            "The ops CLI now needs Python 3.11 or newer, up to 3.13; 3.9 support was dropped.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Alertmanager pages go to PagerDuty.",
            "Critical alerts page through Opsgenie.",
        ),
        (
            "u",
            "Prefers Neovim keybindings in any editor suggestions.",
            "Uses VS Code with default keybindings; give shortcuts for that.",
        ),
    ),
    remote=(
        "The bastion keeps the break-glass kubeconfig at bastion-eu:/etc/ops/breakglass/kubeconfig; never copy it off the host.",
    ),
    folders=("~/src/infra", "~/src/charts"),
    fill=0.95,
    user_fill=0.74,
)

GAMESTUDIO = Home(
    name="game-studio-lead",
    kind="lead of a nine-person mobile game studio shipping a puzzle game",
    memory=(
        "The game is built with Unity 2022.3 LTS; the project is ~/studio/puzzlequest.",
        "Art source files (PSD, Spine) are in ~/studio/art, synced with Perforce.",
        "Release train: a build every two weeks, submitted to both stores on Thursday.",
        "Analytics is GameAnalytics; the D1 retention dashboard is pinned in #metrics.",
        "Ad mediation through AppLovin MAX; rewarded videos only, no interstitials before level 10.",
        "iOS minimum version is 15; Android minimum API level is 26.",
        "Localization: 9 languages, strings exported from a Google Sheet to CSV.",
        "Crash reporting via Firebase Crashlytics; crash-free users target is above 99.5%.",
        "The QA contractor is Pixel Proof in Kraków; they test on 14 devices.",
        "Store screenshots are 1290x2796 for iPhone and 1080x1920 for Android.",
    ),
    user=(
        "Prefers feature ideas framed as a hypothesis and a metric to move.",
        "Wants meeting notes as decisions, owners, dates; no transcript.",
        "Doesn't want to hear about competitors' revenue estimates.",
        "Likes code review comments as questions rather than orders.",
        "Plays every new build on his own phone before approving it.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Studio rule: no crunch, nobody works past 18:00 before a release.",
            "I'd rather we never crunch; no one should stay after six in the evening for a launch.",
        ),
    ),
    differ=(
        (
            "m",
            "Level pack 'Coral Reef' unlocks at level 40.",
            "Level pack 'Frozen Peaks' unlocks at level 80.",
        ),
        (
            "u",
            "Emil (art lead) prefers feedback in Figma comments.",
            "Sofia (sound designer) prefers feedback in Slack threads.",
        ),
    ),
    conflict=(
        (
            "m",
            "The gem pack of 500 costs $4.99.",
            "Repriced the 500-gem bundle to $5.99 for the holiday update.",
        ),
        (
            "m",
            "Lives refill one every 30 minutes, max 5.",
            "Life regen changed to every 20 min; the cap stays at five.",
        ),
        (
            "m",
            "Daily login bonus is turned off in the remote config.",
            "We enabled the daily login reward via remote config as of 2026-10.",
        ),
        (
            "u",
            "Holds the studio sprint review at 16:00 CET on Fridays.",
            "Sprint review is on Thursday at 15:00 CET now, so the build can go out Friday.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The supported languages are English, German, French, Spanish, Portuguese, Italian, Japanese, Korean and Turkish.",
            "We ship in English, German, French, Spanish, Portuguese, Italian, Japanese, Korean and Polish.",
        ),
        (
            "m",
            "The APK size budget is 150 MB.",
            "Android download must stay under 120 MB.",
        ),
    ),
    remote=(
        "Inside the CI build container the Android keystore is mounted at /opt/keys/puzzlequest.keystore; it is not in the repo.",
    ),
    gone=("Prototype builds from last year are in ~/studio/prototypes/match3_old.",),
    folders=("~/studio/puzzlequest", "~/studio/art"),
    fill=0.9,
    user_fill=0.58,
)

HYDROLOGIST = Home(
    name="hydrologist",
    kind="hydrologist modelling flood risk for a river catchment authority",
    memory=(
        "Hydraulic models are HEC-RAS 6.5; model runs are in ~/catchment/models, one folder per scenario.",
        "Rainfall data comes from the Met Office radar composite at 1 km resolution, 5-minute steps.",
        "River gauges: 11 telemetered stations; the key one is Ashford Bridge (station 27041).",
        "Design flood is the 1-in-100-year event plus a 35% climate change allowance.",
        "Survey cross-sections are in OSGB36 / British National Grid; convert GPS data before import.",
        "Python analysis notebooks are in ~/catchment/notebooks; the environment file pins numpy and xarray.",
        "Field visits require two people and a lone-working check-in with the office every 2 hours.",
        "Manning's n for the main channel is 0.035 and 0.06 for the wooded floodplain.",
        "Flood warnings are issued by the Environment Agency, not by us; we advise only.",
        "LiDAR DTM tiles are 2 m resolution, downloaded from the DEFRA portal.",
    ),
    user=(
        "Prefers flows in cubic metres per second (m³/s), never cumecs written out.",
        "Wants plots with a white background and axes labelled with units.",
        "Likes uncertainty expressed as a range, not a single number.",
        "Doesn't want fieldwork scheduled when the forecast is amber or worse.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Gauge telemetry is polled every 15 minutes.",
            "Every quarter of an hour the telemetry system collects the latest gauge readings.",
        ),
        (
            "overlap",
            "u",
            "Prefers model results as a PDF summary.",
            "Prefers model results as a PDF summary of at most four pages, with the peak levels table on the first page.",
        ),
    ),
    differ=(
        (
            "m",
            "Flood alert level at Ashford Bridge is 2.10 m on the gauge board.",
            "Flood alert level at Millbrook Weir is 1.65 m on the gauge board.",
        ),
    ),
    conflict=(
        (
            "m",
            "Peak flow at Ashford Bridge for the 1% AEP event is 212 m³/s.",
            "After recalibrating with the 2025 flood, the 100-year peak at station 27041 is now estimated at 238 m³/s.",
        ),
        (
            "m",
            "The model timestep is 10 seconds.",
            "Reduced the HEC-RAS computation interval to 5 s to fix instabilities at the weir.",
        ),
        (
            "m",
            "Stakeholder meeting with the council is on the first Wednesday of each month at 14:00 GMT.",
            "Monthly council catch-up moved to the second Tuesday, 10:30 UK time.",
        ),
        (
            "u",
            "Likes the morning data summary at 08:00.",
            "Wants the gauge summary earlier these days, at quarter past seven, before the school run.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Bankfull level at Ashford Bridge is 1.8 m.",
            "The river at Ashford Bridge goes out of bank at 2.3 m stage.",
        ),
        (
            "m",
            "Model runs are done on the 32-core workstation.",
            "The simulation jobs run on the 64-core machine in the server room.",
        ),
    ),
    remote=(
        "The logger Raspberry Pi at Millbrook Weir keeps its raw readings in /home/pi/logger/data until the nightly upload.",
    ),
    folders=("~/catchment/models", "~/catchment/notebooks"),
    fill=0.9,
    user_fill=0.45,
)

HOMES = (ARCHIVIST, ELECTRICIAN, BOOKKEEPER, DEVOPS, GAMESTUDIO, HYDROLOGIST)
