# ruff: noqa: E501
"""Development set 2, part B: six homes (journalist, accountant, data scientist, game developer, firmware engineer, school IT).

Written blind to the clean-up method; see cleanup_devset2.py for the labelling guide.
"""

from __future__ import annotations

from cleanup_corpus import Home

JOURNALIST = Home(
    name="local-news",
    kind="a reporter on a local weekly paper",
    memory=(
        "Paper: the Wharfedale Courier, weekly, on sale Thursdays.",
        "House style: 'per cent' not '%', one to nine in words, dates as 4 March 2026.",
        "Court reporting: never name under-18s; check the reporting restrictions list at the magistrates' court first.",
        "CMS is WordPress with the Newspack theme; breaking stories go online before print.",
        "Planning committee meets every third Tuesday at 14:00, Otley Civic Centre.",
        "Interview transcripts are drafted in ~/reporting/transcripts with Whisper (small.en).",
        "FOI requests go through WhatDoTheyKnow; councils must answer within 20 working days.",
        "Photo captions: name, age in brackets only if relevant, left to right.",
        "Lengths: lead story 600-700 words, a nib 80-120.",
        "West Yorkshire Police press office answers emails until 17:00; after that ring the duty inspector.",
        "FOI tracking spreadsheet and response PDFs are in ~/reporting/foi.",
    ),
    user=(
        "I'm Ravi, a news reporter since 2019; no Oxford comma, ever.",
        "Ravi wants headlines offered in threes, each under 60 characters.",
        "Never invent quotes, not even as placeholders; write [QUOTE NEEDED] instead.",
        "Terse replies please, he's usually on deadline.",
        "Ravi sometimes interviews in Punjabi; transcripts keep the Punjabi with an English translation below.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Embargoed press releases are kept out of the CMS.",
            "Embargoed releases never go into WordPress, not even as drafts: they stay in the shared inbox until the embargo lifts, usually 00:01 on the stated day.",
        ),
        (
            "paraphrase",
            "u",
            "Ravi hates the word 'slammed' in headlines.",
            "Don't ever suggest 'slams' or 'slammed' for a head; to him it's tabloid filler.",
        ),
        (
            "cross",
            "mu",
            "Right of reply: anyone criticised in a story gets 24 hours to respond before it runs.",
            "Ravi always gives the people he writes about a full day to answer before publishing.",
        ),
    ),
    differ=(
        (
            "m",
            "News editor is Claire Dunn; copy to her by Tuesday 12:00.",
            "Sports editor is Clive Dunne; match reports to him by Monday 10:00.",
        ),
    ),
    conflict=(
        (
            "m",
            "Pages close on Wednesday at 18:00.",
            "Since the printing moved to Preston, pages close earlier: Wednesday, half past three.",
        ),
        (
            "m",
            "Freelance photo rate is £40 per published picture.",
            "The group now pays freelance photographers £55 for each image it uses.",
        ),
    ),
    conflict_uncued=(
        (
            "u",
            "Ravi's byline is 'Ravi Sandhu'.",
            "Byline to use: Ravinder Sandhu, Chief Reporter.",
        ),
    ),
    remote=(
        "The photo archive is on the group NAS, smb://courier-nas/photos/2026, reachable over the office VPN.",
        "The Newspack site's media sits on WP Engine under /sites/wharfedalecourier/wp-content/uploads.",
    ),
    gone=("Notes from the 2024 flood inquiry were kept in ~/reporting/flood-inquiry-2024.",),
    fill=0.9,
    user_fill=0.66,
    folders=("~/reporting/transcripts", "~/reporting/foi"),
)

ACCOUNTANT = Home(
    name="freelance-accountant",
    kind="a freelance accountant for sole traders and small companies",
    memory=(
        "Clients: 23 sole traders and 6 limited companies; Xero for most, FreeAgent for three.",
        "VAT quarters for most clients end Mar/Jun/Sep/Dec; MTD returns are filed from Xero.",
        "Working papers live in ~/clients, one folder per client code (BAK01, GRN03, ...).",
        "Mileage: 45p a mile for the first 10,000 business miles, 25p after that.",
        "Self-assessment deadline 31 January; payments on account 31 Jan and 31 Jul.",
        "Use of home: simplified flat rate of £26 a month for 101+ hours worked at home.",
        "Engagement letters are renewed every April from the ICAEW template.",
        "Bank reconciliation scripts (Python, openpyxl) are in ~/code/bankrec; run python -m bankrec CLIENTCODE.",
        "Corporation tax: 25% main rate, 19% small profits rate under £50k, marginal relief in between.",
        "AML checks via Credas; client ID is re-verified every three years.",
    ),
    user=(
        "I'm Jo, ACCA qualified, working from home in Leeds.",
        "Prefers figures right-aligned in tables, always two decimals.",
        "Jo doesn't want client names in anything pasted into the chat; client codes only.",
        "Monday mornings are for bank recs; no calls then.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Invoices over £10k need a second check before they are posted.",
            "Anything above ten thousand pounds gets reviewed twice before it reaches the ledger.",
        ),
        (
            "overlap",
            "m",
            "Receipts are chased on the 5th.",
            "Missing receipts are chased on the 5th of each month with the Dext request link; a second reminder follows a week later, and after that the expense is queried at year end.",
        ),
        (
            "cross",
            "mu",
            "Client documents never go by plain email, only through the Suralink portal.",
            "Jo would rather not email client paperwork at all; she always shares it through Suralink.",
        ),
        (
            "paraphrase",
            "u",
            "Jo likes UK dates, e.g. 31/01/2027.",
            "Dates for Jo: day first with slashes (DD/MM/YYYY), never the American order.",
        ),
    ),
    differ=(
        (
            "m",
            "BAK01 year end is 31 March; accounts due at Companies House by 31 December.",
            "BAK02 year end is 30 June; accounts due at Companies House by 31 March.",
        ),
        (
            "u",
            "Jo's fee for a sole-trader tax return is £350.",
            "Jo's fee for a limited-company year end is £1,200.",
        ),
    ),
    conflict=(
        (
            "m",
            "GRN03 (IT consultancy) uses the VAT flat rate of 14.5%.",
            "GRN03 counts as a limited cost trader since the July quarter, so its flat rate is 16.5% now.",
        ),
        (
            "m",
            "Professional indemnity insurance: Hiscox, £250k cover.",
            "PI cover was raised to £500k at renewal, still with Hiscox, once the new limited companies came on board.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Xero subscription per client: £33 a month.",
            "Xero costs £29 per client each month.",
        ),
    ),
    remote=(
        "Pre-2022 years are archived in the Dropbox Business team space at /Team/Archive/Clients; not synced to this laptop.",
        "The office backup server backup01 mirrors the client folders into /mnt/backup/jo/clients every night at 23:00.",
    ),
    gone=("The 2023/24 tax packs were exported to ~/exports/tax-2023-24.",),
    fill=0.93,
    user_fill=0.7,
    folders=("~/clients", "~/code/bankrec"),
)

DATASCI = Home(
    name="data-scientist",
    kind="a data scientist on an e-commerce churn model",
    memory=(
        "Main project: churn model in ~/work/churn, Python >=3.10,<3.13, managed with uv.",
        "Warehouse is Snowflake: database ANALYTICS, schema CHURN, role DS_RW.",
        "Feature store is Feast with a Redis online store; the offline store is Snowflake.",
        "Model registry is MLflow; experiments are named churn-<yyyymm>.",
        "Scoring runs daily at 04:00 UTC in Airflow (DAG churn_daily_score).",
        "Notebooks are committed without outputs (nbstripout pre-commit hook).",
        "A/B tests need at least 14 days and 80% power at a 2% MDE.",
        "Holdout: 5% of customers are never targeted, chosen by a stable hash of customer_id.",
        "Plots use plotnine with the company palette #0B3C5D, #328CC1, #D9B310.",
        "The marketing team's dashboard is in ~/work/churn-dash (Streamlit).",
    ),
    user=(
        "Ana prefers polars over pandas for anything new.",
        "Likes type hints everywhere and short functions.",
        "Ana wants SQL with lowercase keywords and leading commas.",
        "Dislikes notebooks for production code; scripts and modules only.",
        "Ana works 08:00-16:00 CET and is off on Fridays.",
        "Ana learned statistics before ML, so she wants results reported as a statistician would: effect sizes with confidence intervals, the baseline compared against and the sample size; a bare AUC with no interval means nothing to her.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Never train on data after the snapshot date (label leakage).",
            "Features must be computed strictly before the cutoff snapshot, otherwise the labels leak into them.",
        ),
        (
            "overlap",
            "m",
            "LightGBM is the baseline model.",
            "The baseline is LightGBM (num_leaves 63, learning_rate 0.05, early stopping after 200 rounds), logged to MLflow with its feature-importance plot.",
        ),
        (
            "cross",
            "mu",
            "PII columns (email, phone, address) must never leave Snowflake.",
            "Ana is strict that emails, phone numbers and addresses stay inside the warehouse: no exports, no samples.",
        ),
    ),
    differ=(
        (
            "m",
            "Snowflake warehouse for development: DS_WH_XS.",
            "Snowflake warehouse for the daily scoring: DS_WH_M.",
        ),
    ),
    conflict=(
        (
            "m",
            "MLflow tracking server: http://mlflow.internal:5000.",
            "MLflow has moved behind the gateway; the tracking URI is https://ml.internal.corp/mlflow on 443.",
        ),
        (
            "m",
            "Churn = no order in 90 days.",
            "Product changed the definition in Q3: a customer counts as churned after 120 days without ordering.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "scikit-learn is pinned to 1.4.*.",
            "scikit-learn pin: >=1.5,<1.6.",
        ),
    ),
    remote=(
        "Training runs on the GPU box; ana@gpu-01:/scratch/ana/churn holds the parquet snapshots (about 80 GB).",
        "Inside the scoring Docker image the model artefacts are copied to /app/models/current.",
    ),
    gone=("Old Jupyter experiments were kept in ~/work/churn-notebooks-2024.",),
    fill=0.96,
    user_fill=0.52,
    folders=("~/work/churn", "~/work/churn-dash"),
)

GAMEDEV = Home(
    name="indie-gamedev",
    kind="a solo indie game developer shipping on Steam",
    memory=(
        "Game: 'Lanternfall', a 2D roguelite in Godot, GDScript with static typing.",
        "The game lives in ~/games/lanternfall; export presets for Windows, Linux and Steam Deck.",
        "Steam app id 2456780; depot 2456781 is Windows, 2456782 Linux.",
        "Pixel art at a 320×180 base resolution, integer scaling only.",
        "Target 60 fps on Steam Deck: 16.6 ms frame budget, physics at 60 Hz.",
        "Music by Kenji (contractor), delivered as OGG at 44.1 kHz; SFX from the Sonniss bundles.",
        "Saves are JSON under user://saves with a save_version field.",
        "Localisation: English, German and Japanese from CSV; the Japanese font is Noto Sans JP.",
        "Playtest builds go to the Steam 'beta' branch every second Friday.",
        "Press kit assets are in ~/games/presskit.",
    ),
    user=(
        "I'm Ole: solo dev, used to be a QA tester.",
        "Prefer GDScript answers, not C#.",
        "Ole likes to hear the trade-off, not just the answer.",
        "Player-facing changelogs are playful; internal notes plain.",
        "I mostly work 21:00-02:00 CET.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Never commit Godot's imported asset cache.",
            "Only source assets go into version control; the import cache Godot generates stays out.",
        ),
        (
            "overlap",
            "m",
            "Git LFS tracks the .aseprite files.",
            "Git LFS tracks .aseprite, .wav and .ogg files; the GitHub LFS quota is 50 GB with the data pack, so no other binary types without asking.",
        ),
        (
            "cross",
            "mu",
            "Steam achievements are named ACH_ plus the upper-case id (ACH_FIRST_LANTERN).",
            "Ole wants achievement ids in upper snake case with the ACH_ prefix, e.g. ACH_FIRST_LANTERN.",
        ),
        (
            "paraphrase",
            "u",
            "Ole wants German UI text to use 'du', not 'Sie'.",
            "In the German translation, talk to the player informally (duzen); never Sie.",
        ),
    ),
    differ=(
        (
            "m",
            "The demo has its own Steam app id: 2456790.",
            "The soundtrack DLC has its own Steam app id: 2456800.",
        ),
    ),
    conflict=(
        (
            "m",
            "Engine is Godot 4.2.2 stable.",
            "Moved the game to Godot 4.3 in April, after the TileMapLayer change landed.",
        ),
        (
            "m",
            "Launch price is $14.99.",
            "After the Next Fest feedback the price changed to $12.99 at launch; regional prices follow Steam's suggestions.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Release date: 14 November.",
            "Lanternfall launches on 6 February.",
        ),
    ),
    remote=(
        "The build machine (old ThinkPad, hostname buildbox) keeps the SteamPipe scripts in /home/ole/steamworks/tools/ContentBuilder/scripts.",
        "Crash dumps upload to crash.lanternfall.dev, the VPS, and are stored there in /var/lib/crashes.",
    ),
    gone=("The game-jam prototype was in ~/games/lanternfall-jam.",),
    fill=0.89,
    user_fill=0.48,
    folders=("~/games/lanternfall", "~/games/presskit"),
)

FIRMWARE = Home(
    name="firmware",
    kind="an embedded firmware engineer on battery-powered sensors",
    memory=(
        "Target MCU nRF52840 on Zephyr; the west workspace is ~/fw/sensor-node.",
        "Build: west build -b sensor_node_nrf52840 -p auto.",
        "Flashing over SWD with a J-Link; logs over RTT, not UART.",
        "Battery: CR2477, 1000 mAh; average current budget 12 µA for five years.",
        "BLE advertising every 1 s normally, every 100 ms for 30 s after a button press.",
        "No dynamic allocation after init; a MISRA-flavoured subset of C11.",
        "Unit tests use Ztest and run on native_sim in CI.",
        "Production test jig scripts are in ~/fw/jig (Python 3.11, pyocd).",
        "OTA via MCUboot with signed images; versions look like 1.4.2+17.",
        "I2C bus runs at 400 kHz; pull-ups are 4.7 kΩ on rev B.",
    ),
    user=(
        "Lukas; writes in English, sometimes drops into German (Kommentare), but code comments stay English.",
        "Wants register-level explanations when debugging, not HAL hand-waving.",
        "Lukas dislikes macros that hide control flow.",
        "In the lab 07:30-16:00 CET; checks messages again around 21:00.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Watchdog timeout is 8 seconds.",
            "WDT fires after 8000 ms without a feed.",
        ),
        (
            "overlap",
            "m",
            "Release builds log at WRN.",
            "Release builds log at WRN and above over RTT only, with a 1 KiB buffer and deferred logging so the radio timing is not disturbed.",
        ),
        (
            "cross",
            "mu",
            "Every firmware release is tagged vX.Y.Z in git with a signed tag.",
            "Lukas wants each release to carry a signed git tag of the form vX.Y.Z.",
        ),
    ),
    differ=(
        (
            "m",
            "Rev B boards: SHT40 humidity sensor at I2C address 0x44.",
            "Rev C boards: SHT45 humidity sensor at I2C address 0x45.",
        ),
        (
            "m",
            "Bench debug probe is J-Link serial 801012345.",
            "Climate-chamber debug probe is J-Link serial 801054321.",
        ),
    ),
    conflict=(
        (
            "m",
            "Zephyr version: 3.5.0.",
            "We upgraded to the Zephyr 3.7 LTS last sprint; west.yml pins v3.7.0.",
        ),
        (
            "m",
            "Rev B sleep current measured at 3.1 µA.",
            "After the pull-up fix, rev B now sleeps at 1.8 µA (Otii, 10 min average).",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "BLE TX power is 0 dBm.",
            "Radio transmit power is set to +4 dBm.",
        ),
    ),
    remote=(
        "The HIL runner, a Raspberry Pi 5 called hil-pi, keeps its logs under /home/pi/hil/logs.",
        "Signing keys exist only on the signing server, sign01:/opt/keys/mcuboot; never copy them to a laptop.",
    ),
    gone=("The old nRF Connect SDK workspace for the rev A boards is at ~/ncs/v2.4.0.",),
    fill=0.97,
    user_fill=0.55,
    folders=("~/fw/sensor-node", "~/fw/jig"),
)

SCHOOL_IT = Home(
    name="school-it",
    kind="the only IT admin at a secondary school",
    memory=(
        "About 1,100 pupils and 140 staff; Google Workspace for Education, Chromebooks for Years 7-9.",
        "MDM: Google Admin for the Chromebooks, Intune for the 60 staff Windows laptops.",
        "Wi-Fi is UniFi with SSIDs SCHOOL-STAFF, SCHOOL-PUPIL and SCHOOL-GUEST.",
        "Web filtering is Smoothwall; safeguarding alerts go to the DSL, Mrs Khan.",
        "Onboarding scripts (GAM) are in ~/it/gam-scripts; run gam as the admin-it account only.",
        "12 Kyocera MFPs behind PaperCut; pupils get 100 pages a term.",
        "During GCSE weeks no updates are pushed to the exam-hall laptops.",
        "Veeam backup every day at 22:00, 30-day retention.",
        "The asset register is a Google Sheet; its sync tool is in ~/it/asset-sync.",
        "Autumn term 2026/27 starts on 2 September.",
        "Leavers in July: suspend pupils' Google accounts on the last day of term, keep them 30 days so they can run Takeout, then delete; staff leavers have their Drive transferred to the head of department first, and their laptop is wiped in Intune only once HR confirms it was returned.",
    ),
    user=(
        "I'm Dan, the only IT person on site; a technician comes in on Wednesdays.",
        "Prefers step-by-step instructions he can paste into a ticket.",
        "Dan uses PowerShell for Windows and bash for everything else.",
        "Never suggest anything that costs money without giving the price.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Pupil passwords are reset only after a teacher confirms the pupil's identity.",
            "A member of teaching staff has to vouch for a pupil before anyone resets that pupil's password.",
        ),
        (
            "overlap",
            "u",
            "Dan wants tickets closed with a one-line summary.",
            "Dan wants every ticket closed with a one-line summary of the fix, the device's asset tag and whether the user was told.",
        ),
        (
            "cross",
            "mu",
            "Firewall changes are only made after 16:00, once lessons are over.",
            "Dan prefers to touch the firewall only after school, from 4pm.",
        ),
    ),
    differ=(
        (
            "m",
            "Staff VLAN is 20, subnet 10.20.0.0/16.",
            "Pupil VLAN is 30, subnet 10.30.0.0/16.",
        ),
        (
            "m",
            "Main-site domain controller is dc01 at 10.20.0.10.",
            "Sixth-form block domain controller is dc02 at 10.20.0.11.",
        ),
    ),
    conflict=(
        (
            "m",
            "Internet is a 500 Mbps line through the LA broadband contract.",
            "Since the summer the school is on a 1 Gbps leased line from Virgin Media Business.",
        ),
        (
            "m",
            "Staff laptops run Windows 10 22H2.",
            "The staff laptops were upgraded to Windows 11 24H2 over the Easter break.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Auto-update expiry for the Year 7 Chromebooks: June 2029.",
            "The Year 7 Chromebook batch reaches AUE in June 2031.",
        ),
    ),
    remote=(
        "On the file server fs-main the staff shares are under D:\\Shares\\Staff and the home drives under D:\\Shares\\Home.",
        "The UniFi controller runs in container 104 on the Proxmox host; its data is at /usr/lib/unifi/data inside the container.",
    ),
    gone=("Last year's leavers export was saved in ~/it/leavers-2025.",),
    fill=0.86,
    user_fill=0.4,
    folders=("~/it/gam-scripts", "~/it/asset-sync"),
)

HOMES = (JOURNALIST, ACCOUNTANT, DATASCI, GAMEDEV, FIRMWARE, SCHOOL_IT)
