# ruff: noqa: E501
"""Development set 5, part b: six homes, written blind (without sight of the method).

1. chemistry-teacher: a secondary-school chemistry teacher (not a programmer).
2. sre-payments: a site reliability engineer at a payments company.
3. wedding-photographer: a sole-trader wedding photographer (not a programmer).
4. firmware-stm32: an embedded developer on LoRaWAN sensor firmware.
5. phd-historian: a history PhD student in the writing-up year (not a programmer).
6. bike-shop: owner of an independent bike shop with a workshop (not a programmer).

Weighted to contradictions: each home has 3-4 cued conflicts and 2 uncued ones.
"""

from __future__ import annotations

from cleanup_corpus import Home

TEACHER = Home(
    name="chemistry-teacher",
    kind="secondary-school chemistry teacher, not a programmer",
    memory=(
        "Teaches chemistry at Hollins Park Academy: Y9 (2 sets), Y11 (3 sets), Y13 (1 set).",
        "Exam boards: AQA for GCSE, OCR A for A level.",
        "Required practicals tracked in ~/School/Y11-chem/required-practicals.xlsx.",
        "CLEAPSS hazcards checked before every practical; risk assessments in ~/School/risk-assessments/.",
        "Technician is Gwen: practical requests need 48 h notice on the prep sheet.",
        "Y13 mocks: 12-16 January 2027.",
        "Seating plans on Arbor, redone every half term.",
        "Marked mocks scanned into ~/School/marking/ by class code (11C1, 11C2, 11C3).",
        "S2's fume cupboard failed its LEV test, so anything with chlorine is done in S3.",
        "Homework set on Satchel One, due a week after it's set.",
        "11C1 is the triple set and sits Higher; 11C2 and 11C3 are mixed Higher and Foundation.",
        "Y11 parents' evening is online through SchoolCloud, 5-minute slots.",
        "Y9 trip to Catalyst in Widnes every June.",
    ),
    user=(
        "Ms Okonkwo to students, Ada to colleagues.",
        "British spelling.",
        "Likes resources differentiated three ways: bronze, silver, gold.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Y11 revision sessions run on Thursdays after school.",
            "Y11 revision: Thursdays 15:15-16:15 in S3 with Mr Adeyemi, drop-in, no sign-up.",
        ),
        (
            "cross",
            "mu",
            "Worksheets are set in Lexend 12 pt on cream paper (dyslexia-friendly).",
            "She likes her worksheets in Lexend at 12 pt, printed on cream.",
        ),
        (
            "paraphrase",
            "u",
            "Wants feedback comments written as WWW / EBI.",
            "Feedback format: 'what went well', then 'even better if'.",
        ),
    ),
    differ=(
        (
            "m",
            "S2 has 30 pairs of goggles in the UV cabinet.",
            "S3 has 32 pairs of goggles in the UV cabinet.",
        ),
        (
            "u",
            "Sets Y9 about 20 minutes of homework a week.",
            "Sets Y13 about 3 hours of independent study a week.",
        ),
    ),
    conflict=(
        (
            "m",
            "Department meeting: Mondays 15:30 in S4.",
            "Science team meetings moved to Wednesdays at 15:45 from January.",
        ),
        (
            "m",
            "Head of Science is Mr Patel.",
            "Mr Patel retired at Easter; Dr Hughes is Head of Science now.",
        ),
        (
            "m",
            "Department has 15 sets of Molymod kits.",
            "More Molymod kits were ordered in September, so there are 24 sets.",
        ),
        (
            "u",
            "Makes lesson slides in PowerPoint.",
            "Has moved her lesson slides to Google Slides since the school went Google.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Magnesium ribbon from Timstar: £8.40 per 25 g roll.",
            "Timstar's magnesium ribbon costs £11.20 a 25 g roll.",
        ),
        (
            "u",
            "Her one PPA period is Tuesday P3.",
            "Her weekly PPA slot is Thursday P5.",
        ),
    ),
    remote=("Schemes of work are on the school file server: \\\\hpa-fs01\\Science\\Schemes of Work\\.",),
    gone=("Last year's Y10 tracker: ~/School/Y10-chem-2025/tracker.xlsx",),
    fill=0.8,
    user_fill=0.43,
    folders=("~/School/Y11-chem", "~/School/risk-assessments", "~/School/marking"),
)

SRE = Home(
    name="sre-payments",
    kind="site reliability engineer at a card payments company",
    memory=(
        "~/src/infra: Terraform for AWS eu-west-1, Helm charts under charts/.",
        "Always `terraform plan -out=tfplan` and apply that plan file, never a bare apply.",
        "Runbooks in ~/src/runbooks, one markdown file per alert name.",
        "EKS clusters prod-eu and staging-eu; contexts in ~/.kube/config.",
        "Change freeze on the last 2 business days of each month (settlement).",
        "PCI scope is only the card-vault namespace; nothing else may touch PAN data.",
        "Authorisation API SLO: 99.95% monthly, p99 under 300 ms.",
        "Postmortems are blameless, template ~/src/runbooks/postmortem-template.md, due within 5 working days.",
        "Logs to Loki, traces to Tempo; dashboards in the Grafana folder Payments.",
        "Secrets come from AWS Secrets Manager via external-secrets.",
        "Images are built by GitHub Actions, pushed to ECR and signed with cosign.",
        "Shared Terraform modules under ~/src/infra/terraform/modules/, pinned by git tag.",
    ),
    user=(
        "Alex; lives in Amsterdam.",
        "Commands must be safe to paste: no `kubectl delete` without a --dry-run first.",
        "Likes short bullet answers.",
        "Prefers Go to Python for small tools.",
        "Wants the risks of a change listed before the steps.",
        "Lives in vim and tmux: keep examples terminal-friendly.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Deploys go through Argo CD.",
            "Deploys: Argo CD syncs from main of the infra repo; auto-sync on staging, manual sync on prod.",
        ),
        (
            "cross",
            "mu",
            "Incident notes use UTC timestamps in ISO 8601.",
            "Alex wants every timestamp in UTC, ISO 8601.",
        ),
        (
            "paraphrase",
            "m",
            "Disk alerts: warn at 80%, page at 90%.",
            "Disk usage pages at 90 percent; the warning comes at 80.",
        ),
    ),
    differ=(
        (
            "m",
            "Staging node group: 4 x m6i.xlarge.",
            "Batch node group: 6 x c6i.4xlarge, spot.",
        ),
        (
            "u",
            "Terraform examples in HCL, not JSON.",
            "Kubernetes examples in YAML, not JSON.",
        ),
    ),
    conflict=(
        (
            "m",
            "Kubernetes: EKS 1.27.",
            "Both EKS clusters were upgraded to 1.30 last quarter.",
        ),
        (
            "m",
            "Paging is PagerDuty; weekly rotation, handoff Monday 10:00 CET.",
            "We moved paging from PagerDuty to incident.io; the weekly rota stayed.",
        ),
        (
            "m",
            "Prod node group: 12 x m6i.2xlarge.",
            "Prod node group was resized to 18 nodes on m7i.2xlarge in November.",
        ),
        (
            "m",
            "TLS certs are rotated every 90 days.",
            "Since the cert-manager change, cert lifetime is down to 30 days with automatic renewal.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Payments DB: Aurora PostgreSQL 14.9.",
            "The payments database runs Aurora Postgres 15.4.",
        ),
        (
            "u",
            "His manager is Kwame Asante.",
            "Alex reports to Sofia Lind.",
        ),
    ),
    remote=("Break-glass kubeconfig is on the bastion host bastion-eu at /etc/breakglass/kubeconfig.",),
    gone=("Old EC2-era Ansible playbooks: ~/src/legacy-ansible/",),
    fill=0.87,
    user_fill=0.33,
    folders=("~/src/infra", "~/src/infra/terraform", "~/src/runbooks", "~/.kube"),
)

PHOTOGRAPHER = Home(
    name="wedding-photographer",
    kind="sole-trader wedding photographer, not a programmer",
    memory=(
        "Lumen & Leaf Photography, sole trader in Bath; no travel fee within 100 miles.",
        "Kit: two Canon R6 Mark II; 35 mm f/1.4, 85 mm f/1.2, 24-70 mm f/2.8.",
        "Culls in Aftershoot, edits in Lightroom Classic with her own Warm Film preset.",
        "Contract template: ~/Business/contracts/wedding-contract-2026.docx",
        "Deposit 30%, non-refundable; balance due 6 weeks before the day.",
        "RAW files kept 12 months after delivery, then deleted.",
        "Insurance with Photoguard: £5m public liability plus equipment cover.",
        "Each wedding gets ~/Pictures/Weddings/YYYY-MM-DD-surname/ with RAW, EDIT and EXPORT inside.",
        "A one-hour engagement shoot is included in the Full Day package.",
        "Enquiries arrive from the website form into Dubsado; weekday replies within 24 h.",
        "Venues she knows well: Homewood, Bath Guildhall, Babington House.",
        "Golden-hour portraits are planned for 45 minutes before sunset.",
    ),
    user=(
        "Sophie; signs client emails 'Sophie x'.",
        "British spelling.",
        "Pricing emails list what's included before the price.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Cards are backed up to the Samsung T7 after every wedding.",
            "After each wedding the cards go to the Samsung T7 and to Backblaze before formatting; cards stay untouched for 7 days.",
        ),
        (
            "cross",
            "mu",
            "No photos of children go on her social media.",
            "Sophie never posts pictures of kids on Instagram or Facebook.",
        ),
        (
            "paraphrase",
            "u",
            "Instagram captions short, lowercase, no hashtags in the caption.",
            "Likes brief all-lower-case captions, with hashtags kept out of the caption itself.",
        ),
    ),
    differ=(
        (
            "m",
            "Half Day package is £1,100.",
            "Elopement package is £750.",
        ),
        (
            "m",
            "Styled shoot with Bramble Florals: 14 March at Priston Mill.",
            "Styled shoot with Bramble Florals: 9 May at Euridge Manor.",
        ),
    ),
    conflict=(
        (
            "m",
            "Full Day package is £1,850.",
            "Full Day goes up to £2,100 for bookings from January 2027.",
        ),
        (
            "m",
            "Galleries delivered within 8 weeks.",
            "Turnaround is down to 6 weeks now that culling is done in Aftershoot.",
        ),
        (
            "m",
            "Second shooter: Ellie Marsh, day rate.",
            "Ellie moved to Cornwall, so Jake Porter second-shoots from this season.",
        ),
        (
            "u",
            "Admin day is Monday.",
            "She's switched admin to Tuesdays; Monday is her recovery day after a wedding.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Client galleries are on Pixieset.",
            "Galleries are delivered through Pic-Time.",
        ),
        (
            "u",
            "Takes one wedding a weekend at most.",
            "Her limit is two weddings per weekend.",
        ),
    ),
    remote=("Finished edits are also archived on the studio Synology (studio-nas) under /volume1/Archive/Weddings/.",),
    gone=("2024 exports were in ~/Desktop/2024-exports/.",),
    fill=0.82,
    user_fill=0.37,
    folders=("~/Pictures/Weddings", "~/Business", "~/Business/contracts"),
)

FIRMWARE = Home(
    name="firmware-stm32",
    kind="embedded developer on LoRaWAN sensor-node firmware",
    memory=(
        "~/fw/sensor-node: STM32L476 firmware, FreeRTOS, LoRaWAN through an SX1276.",
        "Build: `cmake --preset release && cmake --build --preset release` gives build/release/sensor-node.elf.",
        "Flash: `st-flash write build/release/sensor-node.bin 0x08008000` (bootloader has the first 32 KB).",
        "Bootloader sources in ~/fw/bootloader; never rebuild it without bumping its version byte.",
        "Serial console 115200 8N1 on /dev/ttyACM0.",
        "Host unit tests with Unity + CMock: `ctest --preset host`.",
        "BME680 on I2C1 at address 0x77.",
        "MISRA C:2012 subset, enforced by cppcheck in CI.",
        "Sleep budget: under 15 µA average between transmissions.",
        "Log decoder: ~/fw/sensor-node/tools/decode_log.py",
        "Region EU868, ADR on, SF7-SF10 allowed.",
        "Battery: Saft LS14500 3.6 V Li-SOCl2, designed for 5 years.",
        "Network server is the customer's ChirpStack v4.",
    ),
    user=(
        "Matteo, Turin (Europe/Rome).",
        "C examples in C99, no C++.",
        "Prefers LL drivers to HAL-heavy code.",
        "Cite the register and the RM0351 section, he checks them.",
        "Short answers; he reads datasheets himself.",
    ),
    same=(
        (
            "overlap",
            "m",
            "OTA updates use LoRaWAN FUOTA.",
            "OTA: LoRaWAN FUOTA with fragmented blocks; images signed ECDSA P-256, checked by the bootloader before the swap.",
        ),
        (
            "cross",
            "mu",
            "Hex is written 0x-prefixed with uppercase digits (0x1F).",
            "Matteo likes hex as 0x1F: prefix, capital digits.",
        ),
    ),
    differ=(
        (
            "m",
            "Dev boards: NUCLEO-L476RG, left bench.",
            "Test boards: SN rev C, right bench.",
        ),
        (
            "m",
            "Bootloader version byte is 0x14 (v1.4).",
            "Application firmware is at v2.9.0.",
        ),
    ),
    conflict=(
        (
            "m",
            "Toolchain: arm-none-eabi-gcc 10.3.",
            "Upgraded to Arm GNU Toolchain 13.2.rel1 in the spring; 10.3 is no longer used.",
        ),
        (
            "m",
            "Uplink interval: every 15 minutes.",
            "Telemetry now goes out every 10 min, since the customer wanted finer data.",
        ),
        (
            "m",
            "PCBs are made and assembled by JLCPCB.",
            "Boards are assembled by Eurocircuits now; we dropped JLCPCB after the customs delays.",
        ),
        (
            "u",
            "Debug probe of choice: ST-Link V2.",
            "Uses a Segger J-Link these days; the ST-Link went to the intern.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Release firmware image is about 180 KB.",
            "The release image comes to ~212 KB.",
        ),
        (
            "u",
            "Joins the firmware standup at 09:00.",
            "The firmware standup he attends is at 09:45.",
        ),
    ),
    remote=("Field units' crash dumps collect on the gateway gw-01 (a RAK7268) in /mnt/mmcblk0p1/dumps/.",),
    gone=("Old Keil project: ~/Keil_v5/sensor-node/",),
    fill=0.79,
    user_fill=0.32,
    folders=("~/fw/sensor-node", "~/fw/sensor-node/tools", "~/fw/bootloader"),
)

HISTORIAN = Home(
    name="phd-historian",
    kind="history PhD student in the writing-up year, not a programmer",
    memory=(
        "Thesis: women's friendly societies in Lancashire, 1850-1914 (History, University of Manchester).",
        "Chapters drafted in ~/Thesis/chapters/, one .docx each.",
        "References in Zotero (library in ~/Zotero) with the Word plugin.",
        "Archive photos in ~/Archive-photos/, named REF_page.jpg.",
        "Key archives: Lancashire Archives (Preston), Manchester Central Library, TNA FS series.",
        "No ethics approval needed: no living participants.",
        "AHRC NWCDTP studentship ends 30 September 2027.",
        "Thesis limit 80,000 words excluding bibliography.",
        "Economic History Society conference, April 2027: abstract accepted.",
        "Seminar tutor on HIST10101, the first-year survey module.",
        "Census and BMD searches through FindMyPast on the library's institutional access.",
        "Transcriptions keep original spelling, no [sic]; editorial insertions in square brackets.",
        "Chapter plan: 1 Intro, 2 Origins, 3 Membership, 4 Money, 5 Sociability, 6 Conclusion.",
    ),
    user=(
        "Rhiannon, Manchester.",
        "British spelling.",
        "Not a coder: no command-line steps unless she asks.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Camera permit at Lancashire Archives: £10 a day.",
            "A day's photography licence at Lancashire Archives costs ten pounds.",
        ),
        (
            "overlap",
            "u",
            "Feedback on argument before prose.",
            "Wants comments on argument and structure first, prose and typos last, as Word comments.",
        ),
        (
            "cross",
            "mu",
            "Dates in the thesis are written 12 March 1887, no ordinals.",
            "Rhiannon writes dates as 12 March 1887, never 12th March.",
        ),
    ),
    differ=(
        (
            "m",
            "Minute book of the Bolton Female Friendly Society: DDX 1234/1, 1852-1871.",
            "Minute book of the Preston Women's Union Society: DDX 1234/5, 1868-1890.",
        ),
        (
            "u",
            "Tuesdays are for teaching, no writing.",
            "Thursdays are for the archives, no writing.",
        ),
    ),
    conflict=(
        (
            "m",
            "Supervisors: Prof. Helen Crane (lead) and Dr Sam Idowu.",
            "Helen Crane has moved to Leeds, so Dr Idowu is lead supervisor from this term.",
        ),
        (
            "m",
            "Supervision meetings every 3 weeks.",
            "Supervisions are fortnightly now, for the writing-up year.",
        ),
        (
            "m",
            "Chapter 3 draft due to supervisors on 15 November.",
            "Chapter 3 deadline pushed back to 10 January.",
        ),
        (
            "u",
            "Writes best in the mornings, 08:00-12:00.",
            "Since taking on the teaching she writes in the evenings instead, 19:00-22:00.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Lancashire Archives search room: Tue-Fri 09:00-17:00.",
            "Lancashire Archives is open Tuesday to Thursday, 10:00-16:30.",
        ),
        (
            "u",
            "Cites in Chicago notes-bibliography.",
            "Uses Chicago author-date for references.",
        ),
    ),
    remote=("Transcriptions sync to her university OneDrive: /Documents/PhD/Transcriptions/.",),
    gone=("MA notes: ~/Desktop/MA-dissertation/notes.docx",),
    fill=0.81,
    user_fill=0.41,
    folders=("~/Thesis", "~/Thesis/chapters", "~/Zotero", "~/Archive-photos"),
)

BIKESHOP = Home(
    name="bike-shop",
    kind="owner of an independent bike shop with a workshop, not a programmer",
    memory=(
        "Spoke & Chain Cycles, Leith, Edinburgh: shop plus workshop.",
        "Till and stock on Lightspeed Retail (R-Series).",
        "Cycle to Work: Cyclescheme and Green Commute Initiative accepted.",
        "Basic services: drop off by 09:00, ready by 17:00 the same day.",
        "Supplier invoice PDFs filed in ~/Shop/invoices/YYYY/.",
        "Job sheet template: ~/Shop/workshop/jobsheet.docx",
        "E-bike diagnostics: Bosch and Shimano STEPS only, no Bafang.",
        "VAT quarters end Mar/Jun/Sep/Dec; the accountant files them.",
        "Open Tue-Sat 09:00-17:30, closed Sunday and Monday.",
        "Instagram: new stock and a workshop tip every Thursday.",
        "Bike brands: Trek mainly, with Brompton and Ridgeback alongside.",
        "Workshop stands 1 and 2 are for services; stand 3 is e-bikes only.",
        "Bikes not collected 30 days after the ready text are charged £2 a day storage.",
        "Used bikes bought in get a service and a 3-month warranty before resale.",
        "Edinburgh Road Club members get 10% off parts.",
    ),
    user=(
        "Callum, the owner.",
        "Scots words like 'aye' are fine; British spelling.",
        "Not techy: Lightspeed steps with the menu names.",
    ),
    same=(
        (
            "cross",
            "mu",
            "The shop is shut for the last two weeks of January every year.",
            "Callum takes the second half of January off and closes the shop.",
        ),
        (
            "overlap",
            "m",
            "Bike fits by appointment.",
            "Bike fits: by appointment only, 90 minutes, £120, done by Dougie with the Retül kit.",
        ),
        (
            "paraphrase",
            "u",
            "Plain language in customer messages, no jargon.",
            "Customer texts should be plainly worded, without trade jargon.",
        ),
    ),
    differ=(
        (
            "m",
            "Basic service is £45.",
            "E-bike basic service is £65.",
        ),
        (
            "m",
            "Demo fleet: 3 Trek Domane, 54/56/58 cm.",
            "Hire fleet: 6 Ridgeback hybrids, S/M/L.",
        ),
    ),
    conflict=(
        (
            "m",
            "Main parts supplier is Madison.",
            "Switched the main parts account from Madison to Raleigh Distribution in August.",
        ),
        (
            "m",
            "Full service costs £95.",
            "Full service price went up to £110 from 1 March.",
        ),
        (
            "m",
            "Workshop capacity: 8 bikes a day.",
            "With Kirsty joining, the workshop now takes 12 bikes a day.",
        ),
        (
            "u",
            "Likes the weekly sales report on Sunday night.",
            "Now wants the sales report first thing Monday rather than Sunday night.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Card reader: SumUp Solo.",
            "Card payments go through a Zettle reader.",
        ),
        (
            "u",
            "Wants a stocktake every 4 weeks.",
            "Stocktake every six weeks.",
        ),
    ),
    remote=("Lightspeed's nightly stock export lands on the back-office PC (BACKOFFICE-PC) in C:\\Exports\\stock\\.",),
    gone=("Old price list: ~/Desktop/prices-2023.xlsx",),
    fill=0.78,
    user_fill=0.36,
    folders=("~/Shop", "~/Shop/invoices", "~/Shop/workshop"),
)

HOMES: tuple[Home, ...] = (TEACHER, SRE, PHOTOGRAPHER, FIRMWARE, HISTORIAN, BIKESHOP)
