"""Development homes written to the kinds independent homes showed missed (a part of the
development set, tests/support/cleanup_corpus.py, which adds them to its ``HOMES``)."""

from __future__ import annotations

from cleanup_corpus import Home

#: Development homes written to the kinds independent homes showed missed: contradictions
#: reworded beyond the value (counts, sizes, intervals, times with zones, prices, named
#: alternatives), with and without a change cue; paraphrases that change the shape (a list in
#: another order or with other separators, a rule restated as a preference); paths on another
#: host, server, container or device (``remote``) and local paths that are gone (``gone``);
#: ``folders`` exist where the agent runs. Non-code users among them.
MORE_HOMES: tuple[Home, ...] = (
    Home(
        name="tea-shop",
        kind="small online shop (Vue + Django), the Redis / Vite home",
        fill=0.91,
        memory=(
            "The shop frontend is a Vue 3 app built with Vite; the checkout is ~/src/shopfront.",
            "The API's virtualenv is ~/src/shopfront/api/.venv; activate it before any manage.py command.",
            "Celery beat schedules the nightly stock sync at 01:30 Europe/Berlin.",
            "Payments go through Mollie; its webhooks arrive at /api/payments/webhook.",
            "Use pnpm in the frontend, never npm or yarn.",
            "Tests: `pytest -q` in api/, `pnpm vitest run` in the frontend.",
            "Translations live in frontend/src/locales/, one JSON file per language.",
            "The staging database is refreshed from a production dump every Sunday night.",
        ),
        user=(
            "Name: Lena. Runs a small online tea shop and codes the site herself.",
            "Prefers German in chat, English in code comments.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "The Vite dev server runs on port 5173 and `vite preview` on 4173.",
                "Vite ports: preview 4173, dev server 5173.",
            ),
        ),
        conflict=(
            (
                "m",
                "Redis runs on port 6379 on localhost.",
                "Redis was moved to port 6380 last week; 6379 is now used by nothing.",
            ),
        ),
        remote=("The production media files are in /srv/shop/media on the Hetzner server.",),
        gone=("The old Angular admin lived in ~/src/shop-admin-legacy; build it with ng build --prod.",),
        folders=("~/src/shopfront", "~/src/shopfront/api/.venv"),
    ),
    Home(
        name="bakery",
        kind="a bakery owner's notes (no code)",
        fill=0.9,
        memory=(
            "The bakery opens Tuesday to Sunday; Monday is the rest day.",
            "Flour comes from the Mühle Krause mill, ordered by phone every Thursday.",
            "The VAT on take-away bread is 7%, on coffee drunk in the shop 19%.",
            "Allergen labels must list gluten, sesame and nuts on every shelf card.",
            "The oven is descaled on the first Monday of each month.",
        ),
        user=(
            "Name: Jutta, owner of a two-shop bakery.",
            "Wants answers short and without jargon; she reads them on her phone.",
        ),
        same=(
            (
                "cross",
                "mu",
                "Invoices must be sent as PDF, never as Word files.",
                "Prefers invoices as PDF rather than Word documents.",
            ),
            (
                "overlap",
                "m",
                "Bookkeeping is in Lexware.",
                "Bookkeeping is done in Lexware Office; receipts are scanned with its app every Friday for the "
                "tax adviser.",
            ),
        ),
        differ=(
            (
                "m",
                "The Friday delivery to Café Sonne is 40 loaves.",
                "The Friday delivery to Hotel Adler is 25 loaves.",
            ),
            ("m", "The sourdough proves for 12 hours at 5 °C.", "The rye dough proves for 3 hours at 24 °C."),
        ),
        conflict=(
            (
                "m",
                "The weekly supplier call is on Tuesdays at 10:00 CET.",
                "Since the supplier moved to Lisbon, our weekly call is at 9:00 WET on Tuesdays.",
            ),
            ("m", "Two part-time bakers work the Saturday shift.", "We now have three bakers on Saturdays."),
        ),
        conflict_uncued=(("m", "The shop opens at 7:00 on weekdays.", "Weekday opening time is 6:30."),),
        remote=("The order sheet is at /Bestellungen/2026.xlsx on the shared Google Drive.",),
        gone=("Old price lists are in ~/Documents/preise-2023/, one PDF per month.",),
        folders=("~/Documents/baeckerei",),
    ),
    Home(
        name="novel",
        kind="a novelist's manuscript notes",
        fill=0.88,
        memory=(
            "The manuscript is one Scrivener project; each chapter is a folder of scenes.",
            "Chapter titles are lines from sea shanties.",
            "The editor is Ruth Adeyemi at Harbour Press; she wants changes tracked.",
            "Research on 1960s lighthouse keeping is in the Trinity House archive notes.",
        ),
        user=(
            "Name: Mireille, novelist; writes in English, reads French.",
            "Likes feedback on rhythm and dialogue, not on plot.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Main characters: Ada (narrator), her brother Tomas, the lighthouse keeper Brann.",
                "The cast is the lighthouse keeper Brann, Tomas (Ada's brother) and Ada, who narrates.",
            ),
            (
                "cross",
                "mu",
                "Dialogue uses single quotes, British style.",
                "Wants dialogue in single quotation marks (British style).",
            ),
            (
                "overlap",
                "m",
                "Drafts are written in Scrivener.",
                "Drafts are written in Scrivener and compiled to DOCX for the editor; the project syncs through "
                "Dropbox.",
            ),
        ),
        differ=(
            ("m", "Part one is set in 1962.", "Part three is set in 1989."),
            ("u", "Writes new pages in the morning, from 6 to 9.", "Edits in the evening, after 20:00."),
        ),
        conflict=(
            ("m", "The novel has 24 chapters.", "After the spring rewrite the manuscript now runs to 21 chapters."),
            ("m", "The working title is The Salt House.", "The working title changed to Lantern Weather in May."),
        ),
        conflict_uncued=(("m", "Target length is 90,000 words.", "The publisher's target is 85k words."),),
        remote=("Finished chapters are backed up to /volume1/writing on the Synology NAS.",),
        gone=("Research notes are in ~/Notes/salt-house-research/.",),
        folders=("~/Writing/lantern",),
    ),
    Home(
        name="soil-lab",
        kind="field ecology research group",
        fill=0.93,
        memory=(
            "Analysis code is in /home/ngozi/lab/soil, an R and Python mix; the R part uses renv.",
            "Every dataset gets a README with its site, depth and sensor serials.",
            "Field days are booked in the group calendar two weeks ahead.",
            "Plots use the viridis palette and SI units.",
        ),
        user=("Name: Dr. Ngozi Okoye, soil ecologist; third-year postdoc.",),
        same=(
            (
                "paraphrase",
                "m",
                "Sites: Alder Creek; Birch Flats; Cedar Ridge.",
                "The field sites are Cedar Ridge, Alder Creek and Birch Flats.",
            ),
            (
                "overlap",
                "m",
                "Run the QC script before merging data.",
                "Run `python qc.py --strict data/raw/` before merging any new data; it flags sensor drift and "
                "missing timestamps.",
            ),
            (
                "cross",
                "mu",
                "Ngozi wants figures with uncertainty bars.",
                "Prefers error bars on every figure.",
            ),
        ),
        differ=(
            ("m", "Alder Creek loggers upload at 02:00 UTC.", "Cedar Ridge loggers upload at 03:00 UTC."),
            ("m", "Soil moisture is logged at 10 cm depth.", "Soil temperature is logged at 30 cm depth."),
        ),
        conflict=(
            (
                "m",
                "The sampling interval for the soil sensors is 15 minutes.",
                "Soil sensors were switched to a 5-minute interval in April to catch rain events.",
            ),
            ("m", "Each field laptop has a 256 GB SSD.", "The field laptops were upgraded to 1 TB SSDs."),
        ),
        conflict_uncued=(("m", "The analysis needs pandas >=1.5,<2.", "Analysis code requires pandas 2.2."),),
        remote=(
            "Raw logger files land in /data/incoming on the field station server fs-01.",
            "Each logger keeps a ring buffer at /sd/log.csv on the device itself.",
        ),
        gone=("The 2024 thesis draft is at /home/ngozi/drafts/thesis-2024.tex.",),
        folders=("/home/ngozi/lab",),
    ),
    Home(
        name="oncall",
        kind="SRE on-call notes, terse",
        fill=0.95,
        memory=(
            "Prod is 3 regions behind Cloudflare; health page /status.",
            "Postgres 16, pgbouncer in transaction mode.",
            "Incidents: open a channel #inc-<date>, page the IC, write the timeline as you go.",
            "Terraform state in the S3 bucket tf-state-main; never apply from a laptop.",
            "Feature flags via Unleash.",
        ),
        user=(
            "Name: Kenji, SRE. Schreibt manchmal Deutsch; answer in English.",
            "Prefers terse bullet answers.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Restart the worker with `systemctl restart app-worker`; never kill -9 it.",
                "Never kill -9 the worker: restart it with systemctl restart app-worker.",
            ),
            (
                "overlap",
                "m",
                "Deploys freeze on Fridays.",
                "Deploy freeze: no deploys on Fridays after 12:00 unless the on-call lead approves.",
            ),
        ),
        differ=(
            ("m", "eu-west-1 runs 6 app nodes.", "us-east-1 runs 4 app nodes."),
            ("m", "The primary Postgres is db-a.", "The replica Postgres is db-b."),
        ),
        conflict=(
            ("m", "Standup 09:30 CET.", "Standup moved to 10:00 CET."),
            ("m", "Alerts go to PagerDuty.", "Alerting switched from PagerDuty to Opsgenie."),
            ("m", "Log retention: 14 days.", "Log retention was raised to 30 days for the audit."),
        ),
        conflict_uncued=(("m", "Max upload size is 50 MB.", "The upload limit is 100 MB."),),
        remote=(
            "Nginx config is /etc/nginx/sites-enabled/app on web-1.",
            "The cron jobs live in /etc/cron.d/app inside the app container.",
            "Backups are in /backups/pg on the backup host.",
        ),
        gone=("The runbook draft is ~/ops/runbook-old.md.",),
        folders=("~/ops",),
    ),
    Home(
        name="pottery",
        kind="a potter's online shop, first person",
        fill=0.89,
        memory=(
            "I sell through Etsy and at two markets a month.",
            "Photos are taken on the white sweep by the north window, before noon.",
            "Every piece gets a maker's mark and the year on the base.",
            "Wholesale orders need 50% up front.",
        ),
        user=("Name: Aoife, potter, runs the shop alone.",),
        same=(
            (
                "cross",
                "mu",
                "I ship orders on Tuesdays and Fridays.",
                "Ships orders twice a week, on Friday and Tuesday.",
            ),
            (
                "paraphrase",
                "m",
                "Packaging: kraft box, tissue paper, a thank-you card.",
                "Every order is packed with tissue paper and a thank-you card in a kraft box.",
            ),
        ),
        differ=(
            ("m", "Small mugs hold 250 ml.", "Large mugs hold 400 ml."),
            ("m", "Glaze A is fired at cone 6.", "Glaze B is fired at cone 10."),
        ),
        conflict=(("m", "Shipping to the EU costs €6.50.", "EU shipping went up to €7.90 in January."),),
        conflict_uncued=(("m", "The shop has 120 listings.", "There are 140 active listings in the shop."),),
        remote=("Product photos sync to /DCIM/Shop on my phone.",),
        gone=("Order labels were saved to ~/Desktop/labels-2024/.",),
        folders=("~/Shop",),
    ),
    Home(
        name="translator",
        kind="a freelance translator's notes, first person, some German",
        fill=0.92,
        memory=(
            "I invoice clients at the end of each month through Lexoffice.",
            "Glossaries live in ~/Work/glossaries, one TBX file per client.",
            "Trados Studio 2022 runs in a Windows VM; memoQ is only for the agency jobs.",
            "Rush jobs (under 24 hours) cost a 30% surcharge.",
        ),
        user=(
            "Name: Katrin, translator EN<>DE, based in Leipzig.",
            "Antworte gern auf Deutsch, but keep code and file names in English.",
        ),
        same=(
            (
                "paraphrase",
                "m",
                "Language pairs: EN>DE, DE>EN, FR>DE.",
                "I translate French to German, and English to German and back.",
            ),
            (
                "cross",
                "mu",
                "Deadlines are always given in Berlin time.",
                "Prefers every deadline stated in Berlin time.",
            ),
            (
                "overlap",
                "m",
                "Backups: nightly with Borg.",
                "Backups run nightly with Borg to the external disk, keeping 14 dailies and 6 monthlies.",
            ),
        ),
        differ=(
            ("m", "The agency rate is 0.12 EUR per word.", "The direct-client rate is 0.16 EUR per word."),
            ("m", "Medical texts are proofread by Dr. Hahn.", "Legal texts are proofread by Ms. Vogel."),
        ),
        conflict=(
            ("m", "My minimum fee is 40 EUR per job.", "Since January the minimum fee is 50 EUR."),
            (
                "m",
                "The tax return is due on 31 July.",
                "The tax adviser moved the return deadline to 30 September this year.",
            ),
        ),
        conflict_uncued=(("m", "Daily capacity is about 2,500 words.", "I can do 3000 words a day."),),
        remote=(
            "Client portals store the source files under /shared/clients on their SharePoint.",
            "The old invoices are in /Volumes/Archive/invoices on the Mac mini.",
        ),
        gone=("The 2023 glossary export is ~/Work/exports-2023/all.tbx.",),
        folders=("~/Work",),
    ),
    Home(
        name="data-pipeline",
        kind="a data engineer's pipeline, long sentences and version ranges",
        fill=0.94,
        memory=(
            "The pipeline repository is ~/code/ingest; Airflow DAGs live under dags/ and share helpers in "
            "dags/common/.",
            "Every DAG must set catchup=False unless a backfill is planned with the data owner.",
            "Secrets come from the Vault path kv/ingest; never put credentials in Airflow variables.",
            "Schemas are validated with pandera before anything is written to the warehouse.",
        ),
        user=("Name: Oskar, data engineer; prefers examples in SQL.",),
        same=(
            (
                "paraphrase",
                "m",
                "Airflow runs with the CeleryExecutor; workers: 4, queue: default; Redis is the broker.",
                "Redis brokers the CeleryExecutor, which runs 4 workers on the default queue.",
            ),
            (
                "overlap",
                "m",
                "Use `make dag-test` before pushing.",
                "Before pushing, run `make dag-test`, which parses every DAG and runs the unit tests in tests/dags/.",
            ),
        ),
        differ=(
            ("m", "The orders DAG runs at 02:00 UTC.", "The refunds DAG runs at 02:30 UTC."),
            ("m", "The raw bucket keeps files for 30 days.", "The curated bucket keeps files for 365 days."),
        ),
        conflict=(
            (
                "m",
                "apache-airflow is pinned to >=2.7,<2.8.",
                "We upgraded apache-airflow to 2.9 in the last sprint.",
            ),
            ("m", "DAG runs time out after 2 hours.", "The DAG timeout was raised to 180 minutes."),
            ("m", "Alerts for failed DAGs go to the #data-alerts channel.", "Failed DAG alerts now go to Opsgenie."),
        ),
        remote=(
            "Worker logs are in /opt/airflow/logs inside the worker containers.",
            "The warehouse dumps land in /data/dumps on etl-02.",
        ),
        gone=("The legacy cron scripts are in ~/code/ingest-legacy/cron/.",),
        folders=("~/code/ingest",),
    ),
    Home(
        name="clinic",
        kind="a physiotherapy practice's admin notes, third person, many numbers",
        fill=0.9,
        memory=(
            "The practice has two treatment rooms; room 1 has the ultrasound device.",
            "Appointments are booked in Cliniko; reminders go out by SMS 24 hours before.",
            "Insurance claims are filed within 7 days of the session.",
            "New patients fill in the intake form on the tablet at reception.",
        ),
        user=("Name: Ruth, practice manager; wants figures in tables.",),
        same=(
            (
                "paraphrase",
                "m",
                "Opening hours: Mon-Fri 8:00-18:00; Sat 9:00-13:00.",
                "On Saturdays the practice opens 9:00-13:00, on weekdays 8:00-18:00.",
            ),
            (
                "cross",
                "mu",
                "Ruth wants no-show statistics reported monthly.",
                "Wants a monthly report of no-shows.",
            ),
        ),
        differ=(
            ("m", "A first assessment takes 60 minutes and costs £75.", "A follow-up takes 30 minutes and costs £50."),
            ("m", "Dr. Patel works Mondays and Wednesdays.", "Dr. Hughes works Tuesdays and Thursdays."),
            ("m", "The practice laptop has 16 GB of RAM.", "The reception PC has 8 GB of RAM."),
            ("m", "Cancellations within 24 hours are charged 50%.", "No-shows are charged 100%."),
        ),
        conflict=(
            ("m", "A follow-up session costs £45.", "Follow-up sessions went up to £50 in April."),
            ("m", "The card reader is a SumUp Air.", "The card reader was replaced with a Zettle Reader 2."),
        ),
        conflict_uncued=(("m", "Reception closes at 17:30.", "The front desk is staffed until 18:00."),),
        remote=("Patient records are stored in /records on the Cliniko servers.",),
        gone=(),
        folders=("~/Practice",),
    ),
)
