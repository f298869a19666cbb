# ruff: noqa: E501
"""Test set 2, part a: six homes, written blind (see cleanup_testset2 for the rules).

Homes: heather-hives (a beekeeper who sells honey), payments-sre (a site reliability engineer at a
payments company), chem-teacher (a secondary-school chemistry teacher), android-freelance (a
freelance Android developer), icu-nurse (an intensive-care nurse on a university course) and
warehouse-data-eng (a data engineer running Airflow and dbt).
"""

from __future__ import annotations

from cleanup_corpus import Home

HEATHER_HIVES = Home(
    name="heather-hives",
    kind="beekeeper with about forty hives who sells honey at markets and online",
    memory=(
        "Apiary sites: Low Farm (14 hives), the Allotments (6), and the heather site at Kielder edge from August.",
        "Varroa treatment: oxalic acid trickle in the broodless window, usually the week after Christmas.",
        "Jars are 340 g hex jars from Thornes, ordered in boxes of 72.",
        "Label template: ~/honey/labels/jar-label-2026.odg; batch number goes bottom left.",
        "Labels must show 'Produce of England' and a best-before date; Fran uses 2 years from jarring.",
        "Market stalls: Hexham farmers' market 2nd and 4th Saturday, Alnwick on the 1st Saturday.",
        "Queen marking colour for 2026 is white (years ending 1 or 6).",
        "Extraction is done in the shed at Low Farm; the radial extractor takes 9 frames.",
        "Hive records spreadsheet: ~/honey/records/hive-log.ods, one tab per apiary.",
        "BBKA membership number is on the renewal letter scanned into ~/honey/admin/.",
        "Wax goes to Jen, a candle maker in Corbridge, in exchange for foundation sheets.",
    ),
    user=(
        "Writes like she talks; keep replies short and no bullet points unless she asks.",
        "Thinks in pounds (lb) for honey yields per hive even though jars are sold in grams.",
        "Prefers to be called Fran.",
        "Not on social media herself; the shop's Instagram is run by her nephew Callum.",
        "Hates being asked questions back before she's had an answer.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Autumn feeding: 2:1 sugar syrup, about 10 kg per colony, finished before mid-September.",
            "Feed heavy syrup in autumn (two parts sugar to one of water), roughly ten kilos a hive, done by the middle of September.",
        ),
        (
            "cross",
            "mu",
            "Online orders come through the Etsy shop HeatherHivesHoney and go out Royal Mail Tracked 48.",
            "Sells online on Etsy (HeatherHivesHoney); always posts with Tracked 48.",
        ),
    ),
    differ=(
        (
            "m",
            "Low Farm colonies are inspected every 7 days in May and June (swarm season).",
            "Allotment colonies get inspected every 10 days in May-June; they're calmer Buckfasts.",
        ),
    ),
    conflict=(
        (
            "m",
            "Wildflower honey sells for £7.50 per 340 g jar.",
            "Raised the wildflower jars to £8 at the markets since April; Etsy listing follows.",
        ),
        (
            "u",
            "Fran does the Low Farm inspections on Sunday mornings.",
            "Moved her inspection day to Wednesday afternoons now she's part-time at the library.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Hive insurance is through the BBKA scheme, with Bee Disease Insurance included.",
            "Apiary insurance: NFU Mutual policy, renewed each March.",
        ),
    ),
    remote=("Product photos are kept on Callum's Google Drive, folder Heather Hives/Photos/2026.",),
    gone=("Sales ledger for 2024 is ~/honey/ledger-2024.xlsx.",),
    fill=0.82,
    user_fill=0.4,
    folders=("~/honey/labels", "~/honey/records", "~/honey/admin"),
)

PAYMENTS_SRE = Home(
    name="payments-sre",
    kind="site reliability engineer at a payments company, on a weekly on-call rota",
    memory=(
        "Prod runs on EKS in eu-west-1; staging is in eu-west-2.",
        "Deploys go through Argo CD; nobody runs kubectl apply against prod by hand.",
        "On-call is weekly, handover Mondays 10:00 in #sre-oncall.",
        "Terraform state in S3 with DynamoDB locking; modules live in ~/src/infra/modules.",
        "PagerDuty service 'ledger-api' pages when p99 latency > 800 ms for 5 min.",
        "Runbooks: ~/src/runbooks, markdown, one file per alert name.",
        "Postgres is RDS 15 Multi-AZ; the read replica is for the reporting jobs only.",
        "Conventional commits; PR titles are linted in CI.",
        "Grafana dashboards are provisioned as JSON from ~/src/infra/grafana/, never edited in the UI.",
        "Incident reviews are due within 5 working days; template is in the SRE Confluence space.",
        "Change freeze from 15 Dec to 5 Jan each year; only fixes the payments lead signs off go out.",
        "Monthly cost report lands on the 3rd from the FinOps dashboard; SRE owns the EKS line item.",
    ),
    user=(
        "Jonas; writes English but drops German words now and then (genau, Feierabend).",
        "Wants the command first, explanation after.",
        "Prefers zsh one-liners over scripts for anything under ten lines.",
        "No emojis in commit messages.",
        "Reads on his phone during on-call, so keep replies narrow: no wide tables.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Use k9s for cluster poking.",
            "For poking at the clusters Jonas uses k9s with the skin in ~/.config/k9s/skins/, and read-only mode on the prod contexts.",
        ),
        (
            "paraphrase",
            "u",
            "Timezone Europe/Berlin, works 08:00-16:30.",
            "Based in Berlin (CET/CEST); his day runs 8 am to 4:30 pm.",
        ),
        (
            "cross",
            "mu",
            "Jonas's laptop is an M3 MacBook Pro; Homebrew lives in /opt/homebrew.",
            "On an Apple-silicon Mac, so brew paths are under /opt/homebrew.",
        ),
    ),
    differ=(
        (
            "m",
            "Staging cluster autoscaler max: 12 nodes (m6i.xlarge).",
            "Prod cluster autoscaler max: 40 nodes (m6i.2xlarge).",
        ),
    ),
    conflict=(
        (
            "m",
            "Argo CD is 2.9 on the mgmt cluster.",
            "Upgraded Argo CD on the management cluster to 2.11 last sprint.",
        ),
        (
            "m",
            "Loki log retention: 14 days.",
            "Logs are now kept 30 days in Loki (compliance asked, since September).",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Team standup at 09:45.",
            "SRE daily sync is at 09:30 on Meet.",
        ),
    ),
    remote=(
        "Break-glass kubeconfig sits on the bastion (bastion-prod-1) in /etc/kube/breakglass/; it never leaves that host.",
        "Nightly pg_dump tarballs land in s3://acmepay-backups/rds/ledger/.",
    ),
    gone=("Old Helm charts from before Argo: ~/src/legacy-charts.",),
    fill=0.79,
    user_fill=0.34,
    folders=("~/src/infra", "~/src/runbooks", "~/.config/k9s", "/opt/homebrew"),
)

CHEM_TEACHER = Home(
    name="chem-teacher",
    kind="secondary-school chemistry teacher on a four-day contract",
    memory=(
        "Teaches two Year 10 sets, Year 12 and Year 13 chemistry at Ridgeway Academy.",
        "Exam boards: AQA for GCSE, OCR A for A-level.",
        "Required practicals tracked in ~/school/practicals/tracker.xlsx, one row per student.",
        "Lab technician is Priya; requisitions must reach her 48 hours before the lesson.",
        "Lesson slides live in ~/school/slides/<year>/, named unit number then topic.",
        "Y13 mocks are the week of 18 January.",
        "CLEAPSS hazcards checked for every new practical; printouts pinned up in Lab 3.",
        "Year 10 parents' evening is online through SchoolCloud, 5-minute slots.",
        "Seating plans are redone every half term.",
        "Homework set on Satchel One, due a week later, never over a holiday.",
        "Year 13 are on the organic synthesis unit (module 6) this half term.",
        "Break duty on Wednesdays, by the canteen doors.",
        "Fire assembly point for the science block is the back field, gate C.",
    ),
    user=(
        "Mr Okafor to students; Dan to everyone else.",
        "Marks in the evenings after 8 pm; don't suggest booking anything then.",
        "Likes worked examples with units carried through every line.",
        "British spelling, except sulfur, which he spells the way the exam boards do.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Year 12 timetable: Mon P2, Wed P4, Thu P1.",
            "Year 12 chemistry lessons are period 1 on Thursday, period 2 on Monday and period 4 on Wednesday.",
        ),
        (
            "overlap",
            "m",
            "Titration practical uses 0.1 mol/dm3 NaOH.",
            "Titration practical (RP1 at GCSE): 0.1 mol/dm3 sodium hydroxide against an unknown HCl, phenolphthalein, burettes from prep-room cupboard B.",
        ),
        (
            "cross",
            "mu",
            "Dan is on a 0.8 contract and is not in school on Fridays.",
            "Works four days a week; Friday is his day off.",
        ),
    ),
    differ=(
        (
            "m",
            "Set 10X1 is on the triple science route.",
            "Set 10X2 is on the combined science (trilogy) route.",
        ),
    ),
    conflict=(
        (
            "m",
            "Head of science is Mrs Hallam.",
            "Mr Ferris took over as head of department after Easter; Hallam has gone to deputy head.",
        ),
        (
            "u",
            "Leaves school at 17:00 to collect his daughter.",
            "Now has to be out by 4:15 pm on weekdays since the childminder changed her hours.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Department meeting: Tuesdays 15:30 in S4.",
            "Science team meets Wednesdays after school in the prep room.",
        ),
    ),
    remote=("Markbooks are on the school SharePoint under Science/Markbooks/2026-27, not synced to this laptop.",),
    gone=("KS3 schemes of work: ~/school/ks3-sow/.",),
    fill=0.77,
    user_fill=0.32,
    folders=("~/school/practicals", "~/school/slides"),
)

ANDROID_FREELANCE = Home(
    name="android-freelance",
    kind="freelance Android developer with two client apps and one of her own",
    memory=(
        "Client projects: Tidewater (ferry tickets), Grün & Co (loyalty card), plus own app Pocket Tide.",
        "minSdk 26 / targetSdk 35 on client apps unless a contract says otherwise.",
        "Gradle version catalogs (libs.versions.toml) everywhere; no hardcoded versions in module build files.",
        "Projects live in ~/dev/android/<client>/, each with JDK 17 from ~/.sdkman.",
        "Compose for all new screens; Tidewater's booking flow is still XML layouts.",
        "Invoices monthly, net 30, made from the LibreOffice template in ~/business/invoices/.",
        "Play Console access for Tidewater goes through their Google Workspace account, not Ana's.",
        "Crashlytics on all three apps.",
        "ktlint with the Android Studio code style; a pre-commit hook runs it.",
        "Test emulator: Pixel 7, API 34, Google Play image.",
        "Contacts: Rui is Tidewater's product owner; Lena Vogt handles the app at Grün & Co.",
        "Pocket Tide has about 1.8k monthly active users; free, with a €2.99 pro unlock.",
        "Grün & Co's hourly rate is in the contract PDF under ~/business/contracts/.",
    ),
    user=(
        "Ana, freelance since 2021, works from Lisbon.",
        "Kotlin examples only, never Java unless the file is already Java.",
        "Code comments in English, even for the Portuguese clients.",
        "Wants estimates in days, not hours.",
        "Dislikes long preambles.",
    ),
    same=(
        (
            "overlap",
            "u",
            "Ana doesn't take calls before 10.",
            "No calls before 10:00 Lisbon time: mornings are for focused coding and she answers messages after lunch.",
        ),
        (
            "paraphrase",
            "m",
            "Release: ./gradlew bundleRelease, then upload the AAB to the internal testing track.",
            "To ship, run bundleRelease through the Gradle wrapper and push the .aab to Play internal testing first.",
        ),
    ),
    differ=(
        (
            "m",
            "Tidewater's CI runs on GitHub Actions (ubuntu-latest runners).",
            "Grün & Co's CI runs on Bitrise (their account, M1 stacks).",
        ),
    ),
    conflict=(
        (
            "m",
            "Tidewater app does networking with Retrofit 2.9 + Moshi.",
            "Moved Tidewater's HTTP layer to the Ktor client in the spring; Retrofit has been removed.",
        ),
        (
            "u",
            "Works Monday to Thursday.",
            "Since September her week is Monday to Friday, with short Fridays.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Pocket Tide uses Room 2.6 for local storage.",
            "Pocket Tide's local database is SQLDelight.",
        ),
    ),
    remote=(
        "Tidewater's signing keystore is kept on their build Mac (tw-build-02) in /Users/ci/keystores/ and is never copied down.",
    ),
    gone=("Old Java client FerryBook: source in ~/dev/legacy/ferrybook.",),
    fill=0.79,
    user_fill=0.34,
    folders=("~/dev/android", "~/business/invoices", "~/business/contracts", "~/.sdkman"),
)

ICU_NURSE = Home(
    name="icu-nurse",
    kind="intensive-care nurse doing a part-time critical care course",
    memory=(
        "Works on the 18-bed ICU at St Mary's as a band 6 staff nurse, 12.5-hour shifts.",
        "Rota comes out 6 weeks ahead on Healthroster; swaps need the nurse in charge to approve.",
        "Critical care course, module 3 (renal) this term; essay due 14 Feb.",
        "Essay drafts in ~/Documents/cc-course/module3/.",
        "Course referencing is Harvard (Cite Them Right).",
        "NMC revalidation due May 2027; reflective accounts kept in ~/Documents/revalidation/.",
        "Preceptee this term is Tom, newly qualified, started in October.",
        "Unit kit: Philips IntelliVue monitors, Alaris pumps, Prismaflex for CRRT.",
        "Noradrenaline infusions made up as 8 mg in 50 ml per the unit guideline.",
        "Union rep (RCN) is Carol on ward 5; she runs a drop-in on the first Thursday of the month.",
        "Course is one study day a fortnight at the university, on Wednesdays.",
        "ICU step 2 competencies signed off; the step 3 booklet is in progress.",
        "Handover at 07:30 and 19:30 in the staff room, then bedside safety checks.",
    ),
    user=(
        "Goes by Shiv.",
        "After nights she sleeps until about 3 pm; nothing planned before then.",
        "Wants stats for the course explained plainly, she's not a maths person.",
        "Likes lists she can tick off.",
        "Sends long messages straight after a shift; reply with the two or three things that matter.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Shiv works nights most weeks of the rota, usually three in a row.",
            "Mostly on nights, three on the trot.",
        ),
        (
            "paraphrase",
            "m",
            "Module 3 essay word limit: 3,000 words ±10%.",
            "The renal essay has to come in between 2,700 and 3,300 words.",
        ),
    ),
    differ=(
        (
            "m",
            "Bed 4 side room is negative pressure (airborne isolation).",
            "Bed 9 side room is positive pressure, kept for neutropenic patients.",
        ),
    ),
    conflict=(
        (
            "m",
            "Ward manager is Linda Hayes.",
            "Linda retired in November; the unit's new manager is Matt Oduya.",
        ),
        (
            "u",
            "Commutes by bus (the 42), about 40 minutes.",
            "Drives in now that she's got a staff parking permit, 25 min door to door.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "ILS (immediate life support) certificate expires March 2027.",
            "ILS valid until September 2026.",
        ),
    ),
    remote=("Teaching rota and competency packs are on the trust file server smh-fs01 under ICU/Education/.",),
    gone=("Module 2 notes: ~/Documents/cc-course/module2-notes.docx.",),
    fill=0.72,
    user_fill=0.32,
    folders=("~/Documents/cc-course/module3", "~/Documents/revalidation"),
)

WAREHOUSE_DATA_ENG = Home(
    name="warehouse-data-eng",
    kind="data engineer running Airflow and dbt for an online shop",
    memory=(
        "Airflow on Cloud Composer; DAGs in ~/work/dags, deployed by CI on merge to main.",
        "Warehouse: BigQuery project analytics-prod; dbt models in ~/work/dbt.",
        "dbt build runs at 04:00 UTC, after the raw loads finish.",
        "Sources: Shopify via Fivetran, the app Postgres via Datastream, Google Ads.",
        "Naming: staging models stg_<source>__<table>, marts fct_ / dim_.",
        "PII columns are tagged pii: true in schema.yml and masked for the analyst role.",
        "Python 3.11 via pyenv; one .venv per repo.",
        "Failing DAGs post to #data-alerts.",
        "SQLFluff with the bigquery dialect; config at ~/work/dbt/.sqlfluff.",
        "Stakeholder for the marketing mart is Ruth from growth.",
        "On-demand BigQuery pricing; anything scanning over 1 TB gets a heads-up in #data-eng first.",
        "dbt tests: unique + not_null on every primary key; source freshness warns at 12 h.",
        "Finance reads only from the reporting dataset, which refreshes after the dbt build.",
    ),
    user=(
        "Mei; prefers SQL over pandas when both would do.",
        "Likes answers to link the relevant dbt docs page.",
        "Vim keybindings everywhere: suggest motions, not mouse steps.",
        "Writes short lowercase messages; that isn't annoyance.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Backfills: airflow dags backfill with --reset-dagruns.",
            "For backfills run `airflow dags backfill -s <start> -e <end> --reset-dagruns <dag_id>` through the Composer CLI; keep each range under 30 days.",
        ),
        (
            "paraphrase",
            "u",
            "Mei wants SQL keywords in uppercase and identifiers in snake_case.",
            "Style: upper-case SELECT/FROM/WHERE, snake_case for table and column names.",
        ),
    ),
    differ=(
        (
            "m",
            "fct_orders is partitioned by order_date, clustered by shop_id.",
            "fct_sessions is partitioned by session_date and clustered by channel.",
        ),
        (
            "m",
            "Composer prod environment: composer-prod, europe-west1.",
            "Composer dev environment: composer-dev in europe-west4.",
        ),
    ),
    conflict=(
        (
            "m",
            "Composer runs Airflow 2.6.",
            "composer-prod was upgraded to Airflow 2.9 in November.",
        ),
        (
            "m",
            "Fivetran Shopify sync every 6 hours.",
            "Shopify connector syncs hourly now; growth wanted fresher numbers.",
        ),
    ),
    conflict_uncued=(
        (
            "u",
            "Mei is in Singapore (UTC+8).",
            "Mei works from Amsterdam, CET.",
        ),
    ),
    remote=("Partner CSV drops arrive on the SFTP box sftp.partner-feeds.internal in /incoming/retailers/.",),
    gone=("~/work/luigi-jobs holds the old Luigi pipelines for the finance extract.",),
    fill=0.77,
    user_fill=0.31,
    folders=("~/work/dags", "~/work/dbt"),
)

HOMES: tuple[Home, ...] = (
    HEATHER_HIVES,
    PAYMENTS_SRE,
    CHEM_TEACHER,
    ANDROID_FREELANCE,
    ICU_NURSE,
    WAREHOUSE_DATA_ENG,
)
