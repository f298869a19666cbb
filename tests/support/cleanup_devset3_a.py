# ruff: noqa: E501
"""Third development set, part A: six homes (vet clinic, wine shop, youth football coach,
pharmacist, translation agency, theatre stage manager), written blind, rich in contradictions."""

from __future__ import annotations

from cleanup_corpus import Home

VET = Home(
    name="vet-clinic",
    kind="practice manager of a two-vet small-animal clinic",
    memory=(
        "Clinic records export runs from ~/clinic/exports; the nightly CSV is named appointments_YYYYMMDD.csv.",
        "VetPro practice software is licensed for 4 seats; the licence key lives in the office safe, not in any file.",
        "Dr. Amara Okafor does surgeries; Dr. Lukas Brenner covers exotics (rabbits, reptiles, birds).",
        "Vaccine fridge must stay between 2 and 8 °C; the logger beeps above 8.",
        "Reminder SMS go out via Twilio from the number +44 7700 900412.",
        "The X-ray images are DICOM; open them with Horos, never with Preview (it strips the metadata).",
        "Invoices over £500 need a deposit of 30% before elective surgery.",
        "Controlled drugs register is paper only, kept in the locked cabinet in prep room B.",
        "Client feedback forms are kept in ~/clinic/forms; the current one is version 3, printed double-sided.",
        "Out-of-hours calls are forwarded to VetsNow Cheltenham after 19:00.",
    ),
    user=(
        "Prefers summaries as three bullet points at most, no tables.",
        "Writes to clients in British English and signs off 'Kind regards, Priya'.",
        "Dislikes being reminded of anything before 7:30 in the morning.",
        "Wants pet names capitalised and owner surnames first in any list.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Each appointment slot is 15 minutes; long consults take two slots.",
            "A long consultation books a double slot: the standard slot length is a quarter of an hour.",
        ),
        (
            "cross",
            "mu",
            "Priya does the stock order for the pharmacy shelf every Thursday afternoon.",
            "I place the dispensary stock order myself on Thursday afternoons.",
        ),
    ),
    differ=(
        (
            "m",
            "Dr. Okafor's surgery list starts at 08:30 on Tuesdays.",
            "Dr. Brenner's surgery list starts at 10:00 on Tuesdays.",
        ),
        (
            "m",
            "Kennel ward A has 12 dog kennels.",
            "Kennel ward C has 6 cat kennels.",
        ),
    ),
    conflict=(
        (
            "m",
            "Standard consultation fee is £48.",
            "Raised the consult price in October: a routine appointment now costs £54.",
        ),
        (
            "m",
            "The clinic's wholesaler is Covetrus; orders before 16:00 arrive next morning.",
            "Switched wholesaler from Covetrus to MWI Animal Health in September; same next-day cut-off.",
        ),
        (
            "u",
            "Likes the weekly figures report on Monday mornings.",
            "These days Priya would rather get the weekly numbers on Friday afternoon, so she can plan the week off-site.",
        ),
        (
            "m",
            "Saturday opening hours: 9:00 to 13:00.",
            "Since the new locum joined, Saturdays run until four in the afternoon (opening still at 9).",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The practice's anaesthetic machines are serviced by Vetquip.",
            "Burtons Medical services our anaesthetic machines once a year.",
        ),
    ),
    remote=("VetPro's database backups are on the NAS in the back office, under /volume1/vetpro/backups.",),
    gone=("Old price list template is at ~/clinic/templates/prices_2024.xlsx.",),
    folders=("~/clinic/exports", "~/clinic/forms"),
    fill=0.92,
    user_fill=0.55,
)

WINE = Home(
    name="wine-shop",
    kind="owner of an independent wine shop with a small online store",
    memory=(
        "Online store runs on Shopify (Basic plan); product photos are in ~/shop/photos, 1200x1600 JPEG.",
        "Cellar temperature target 13 °C, humidity 70%; the sensor reports to a Govee app on the shop iPad.",
        "Duty on still wine is calculated per litre of alcohol since the 2025 reform; the accountant has the spreadsheet.",
        "Tasting evenings cap at 18 guests; tickets sold through Eventbrite, £25 each.",
        "Natural wines sit on the left wall, grouped by country then grower.",
        "Inventory counts are kept in ~/shop/stock as one spreadsheet, one tab per supplier.",
        "Delivery van is a Ford Transit Custom, registration ends in 'KXT'; MOT due every April.",
        "The Loire supplier invoices in euros; pay by Wise, never by card (2.9% surcharge).",
        "Gift boxes: three-bottle wooden box costs us £7.40, sells at £15.",
        "Card terminal is a SumUp Solo; receipts by email only.",
    ),
    user=(
        "Tasting notes should be short: nose, palate, finish, one line each.",
        "Never use the word 'quaffable' in descriptions.",
        "Prefers prices shown including VAT.",
        "Works Sundays from home and does not want shop alerts that day.",
        "Keeps a personal wishlist of Jura wines; likes to hear when an allocation opens.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Magnums are stored lying down on the bottom rack, never upright.",
            "Bottom rack = 1.5 L bottles, always horizontal.",
        ),
        (
            "overlap",
            "m",
            "Shop Wi-Fi is 'CaveGuest'.",
            "Shop Wi-Fi is 'CaveGuest' for customers; staff use 'CaveBack', password on the fridge note.",
        ),
    ),
    differ=(
        (
            "m",
            "Bordeaux supplier Maison Laroque delivers on Wednesdays.",
            "Champagne supplier Vignobles Petit delivers on Fridays.",
        ),
    ),
    conflict=(
        (
            "m",
            "Free local delivery for orders above £60.",
            "Threshold for free delivery in town is now £75 (fuel costs).",
        ),
        (
            "m",
            "Shop closes at 19:00 Monday to Saturday.",
            "As of November we stay open till eight on weekdays; Saturday unchanged.",
        ),
        (
            "u",
            "Wants the newsletter drafted in Mailchimp.",
            "Moved the mailing list to Buttondown; draft newsletters there from now on.",
        ),
        (
            "m",
            "Case discount is 10% on any twelve bottles.",
            "Mixed-case discount changed: 12 bottles now get 8% off, six get 5%.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Our Sancerre from Domaine Reverdy sells at £22.50.",
            "The Reverdy Sancerre is priced £19.99 on the shelf.",
        ),
        (
            "u",
            "Accountant is Helen Marsh at Marsh & Co.",
            "Books go to Daniel Oyelaran of Oyelaran Accounts.",
        ),
    ),
    remote=("The Shopify theme code is versioned on GitHub at github.com/cave-lune/theme, branch live.",),
    folders=("~/shop/photos", "~/shop/stock"),
    fill=0.87,
    user_fill=0.62,
)

COACH = Home(
    name="youth-coach",
    kind="volunteer coach of an under-12 football team and parent of two players",
    memory=(
        "Squad of 16 players; registrations with the county FA are due before 1 August.",
        "Training kit bag: 20 bibs, 12 cones, 6 size-4 balls, a pump and the first-aid kit.",
        "Match reports go in ~/football/reports, one Markdown file per fixture.",
        "The club uses Spond for availability; the group is 'Riverside U12 Blues'.",
        "Pitch 3 at Hollins Park has no floodlights; winter evening sessions must be on pitch 1.",
        "Subs are £35 per term, paid by bank transfer to the club's Starling account.",
        "Concussion rule: any head knock means off for the rest of the match, no exceptions.",
        "Half-length for U12 league games is 30 minutes.",
        "Player photos consent forms are scanned into ~/football/consent.",
    ),
    user=(
        "Prefers drills explained as a diagram description plus three coaching points.",
        "Doesn't want the kids' surnames in anything posted to the group chat.",
        "Likes encouragement-first feedback: two positives before any correction.",
        "Calls the team 'the Blues', never 'the kids'.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "Never schedule anything on Sunday mornings, that's family time.",
            "Sunday mornings are kept free for the family; he'd rather not have sessions or meetings then.",
        ),
        (
            "cross",
            "mu",
            "Weekly training is Wednesday 17:30-19:00 at Hollins Park.",
            "Our training night is Wednesdays, half five to seven, at Hollins Park.",
        ),
    ),
    differ=(
        (
            "u",
            "Maya (older daughter) plays in goal and needs size-6 gloves.",
            "Jonah (younger son) plays left back and needs size-4 shin pads.",
        ),
        (
            "m",
            "Home kit: blue shirts, white shorts, blue socks.",
            "Away kit: yellow shirts, navy shorts, yellow socks.",
        ),
    ),
    conflict=(
        (
            "m",
            "League matches kick off at 10:00 on Saturdays.",
            "The league pushed kick-off back: Saturday games now start at 10:45.",
        ),
        (
            "m",
            "Assistant coach is Tom Reilly.",
            "Tom stepped down in October; Sanjay Mehta replaced him as assistant.",
        ),
        (
            "m",
            "Squad size for small-sided matches is 9v9.",
            "U12s moved up to 11-a-side this season.",
        ),
        (
            "u",
            "Wants the match-day lineup sent to parents on Thursday evening.",
            "Send the lineup on Friday lunchtime now, after the last injury check.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The referee fee is £30 per home game.",
            "We pay the ref £40 a home match.",
        ),
        (
            "m",
            "Minibus hire is through Go-Ahead Coaches.",
            "The away-game minibus is booked with Cotswold Travel.",
        ),
    ),
    remote=(
        "The club's fixture spreadsheet lives on the secretary's laptop, C:\\Users\\gill\\Documents\\fixtures_2026.xlsx.",
    ),
    folders=("~/football/reports", "~/football/consent"),
    fill=0.72,
    user_fill=0.6,
)

PHARMACIST = Home(
    name="pharmacist",
    kind="community pharmacist running a single high-street pharmacy",
    memory=(
        "PMR system is ProScript Connect; the terminal in the dispensary is the only one with the smartcard reader.",
        "Methadone doses are dispensed daily at 9:15 for the four supervised patients.",
        "Flu vaccination PGD runs September to March; each jab is logged in a CSV under ~/pharmacy/flu.",
        "Fridge 1 holds insulins and vaccines; fridge 2 holds only patient-returned cold chain items awaiting destruction.",
        "Locum rate agreed with the agency: £32 an hour, minimum four-hour shift.",
        "Blister packs (MDS) are prepared on Mondays for 22 patients.",
        "Out-of-date stock goes in the blue bin; Sharps in the yellow; collection by Initial every fortnight.",
        "Never store patient NHS numbers in notes; use the PMR ID.",
        "SOP binder has 41 procedures; the digital copies and their index sit in ~/pharmacy/sops.",
        "Parking for the delivery driver is the bay behind Costa, permit number 4471.",
    ),
    user=(
        "Prefers drug names in generic form first, brand in brackets.",
        "Wants doses written with units spelled out: 'milligrams', not 'mg', in patient letters.",
        "Doesn't like exclamation marks in any message.",
        "Keeps lunch to 13:00-13:30 and declines calls then.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "The controlled-drugs cabinet is checked and balanced every 7 days.",
            "CD balance check: once a week.",
        ),
        (
            "overlap",
            "m",
            "Emergency supply requests need the prescriber's confirmation within 72 hours.",
            "Emergency supply requests need the prescriber's confirmation within 72 hours; log them in the POM register with the reason and the patient's consent.",
        ),
    ),
    differ=(
        (
            "m",
            "Fridge 1 alarm is set at 8 °C.",
            "Fridge 2 alarm is set at 10 °C.",
        ),
    ),
    conflict=(
        (
            "m",
            "Main wholesaler is Alliance; second delivery arrives around 14:00.",
            "Alliance changed their route: the afternoon drop now comes at half past three.",
        ),
        (
            "m",
            "The pharmacy opens 8:30-18:00 Monday to Friday.",
            "Extended hours since the contract change in spring: weekdays 8:00 to 19:00.",
        ),
        (
            "m",
            "Blood pressure check service fee from the NHS is £10 per check.",
            "The BP check-service payment went up to £15 a consultation in April.",
        ),
        (
            "u",
            "Prefers the stock-take on the last Sunday of the month.",
            "Moved stock-take to the first Saturday of the month; Sundays are off now.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Pre-registration trainee is Chloe Adeyemi.",
            "Our foundation trainee pharmacist is Marek Novak.",
        ),
    ),
    remote=(
        "The PMR's nightly backup is pushed to ProScript's hosted server; the path on their side is /data/customers/FQ771/backup.",
    ),
    gone=("Delivery rota spreadsheet: ~/pharmacy/delivery/rota_2025.xlsx.",),
    folders=("~/pharmacy/flu", "~/pharmacy/sops"),
    fill=0.94,
    user_fill=0.42,
)

TRANSLATION = Home(
    name="translation-agency",
    kind="project manager at a six-person translation agency",
    memory=(
        "CAT tool is memoQ 10 on the project server; translators connect with their own logins.",
        "Word counts are quoted on source words, with 100% matches at 30% of the rate and repetitions free.",
        "German-English rate for legal texts: €0.14 per source word; certified translations add €25 per document.",
        "Client glossaries are exported to ~/agency/glossaries as TBX.",
        "Japanese jobs go to Keiko Hara; she needs five working days for anything over 3,000 words.",
        "The proofreading step is always a second linguist, never the translator themselves.",
        "Rush surcharge: +50% for delivery within 24 hours.",
        "Invoices are issued from Xero; payment terms are 30 days net.",
        "NDA templates, English and German, are in ~/agency/contracts.",
        "Time zone for deadlines is always Europe/Berlin unless the client says otherwise.",
    ),
    user=(
        "Prefers emails to translators in the language of the job's target.",
        "Wants deadlines always written with day of week and time: 'Thu 12 Nov, 17:00 CET'.",
        "Doesn't want to be copied on routine file-delivery mails.",
        "Likes the week's job list sorted by deadline, earliest first.",
        "Takes Wednesdays off every other week.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Max upload per file on the client portal is 2 GB.",
            "The client portal rejects files larger than 2048 MB.",
        ),
        (
            "cross",
            "mu",
            "Anja approves every quote above €2,000 before it goes out.",
            "Quotes over two thousand euros must get my sign-off before sending.",
        ),
    ),
    differ=(
        (
            "m",
            "French-English general rate: €0.11 per word.",
            "Spanish-English general rate: €0.10 per word.",
        ),
        (
            "m",
            "Client Brandt Legal wants deliveries as DOCX with track changes.",
            "Client Heller Medical wants deliveries as PDF with a certificate page.",
        ),
    ),
    conflict=(
        (
            "m",
            "The machine translation engine for pre-translation is Google Translate.",
            "We replaced Google with DeepL Pro for MT pre-translation (better German).",
        ),
        (
            "m",
            "memoQ server licence covers 5 concurrent users.",
            "Upgraded the server licence; eight people can now be connected at once.",
        ),
        (
            "u",
            "Wants a status call with the team every Monday at 09:00.",
            "Team status call moved to Tuesdays at 9:30 CET, since Monday mornings are for client mail.",
        ),
        (
            "m",
            "Minimum charge per job is €45.",
            "No job is billed under €60 any more; the minimum fee was raised this year.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Keiko's rate for Japanese-English is ¥18 per character.",
            "Japanese-English from Keiko costs ¥22 per source character.",
        ),
        (
            "u",
            "Prefers Arial 11 for delivery cover letters.",
            "Cover letters should be set in Calibri 11.",
        ),
    ),
    remote=(
        "memoQ projects live on the project server at memoq.internal:/srv/memoq/Projects; do not copy them locally.",
    ),
    folders=("~/agency/glossaries", "~/agency/contracts"),
    fill=0.96,
    user_fill=0.71,
)

STAGE = Home(
    name="stage-manager",
    kind="stage manager at a 400-seat regional theatre",
    memory=(
        "Prompt book scans for the current show are in ~/theatre/promptbook; cue numbers in red are LX, blue are SQ.",
        "The lighting desk is an ETC Ion Xe; show file backed up on a USB stick after every performance.",
        "Company call is the half: 35 minutes before curtain.",
        "Fire curtain test is daily before the half, logged in the green book at stage door.",
        "Fly system has 28 hemp lines and 14 counterweight bars.",
        "Cast of 11, plus 2 understudies who must be in the building by the half.",
        "Smoke machine use needs the fire alarm isolated in zone 4; the duty manager does the isolation.",
        "Props table lists are in ~/theatre/props, one sheet per act.",
        "Get-out for a touring show normally takes six hours with a crew of eight.",
        "Interval is 20 minutes; bar bell rings at 15.",
    ),
    user=(
        "Prefers show reports as: timings, incidents, technical notes, in that order.",
        "Never uses actors' first names in official reports, always surname.",
        "Wants rehearsal call sheets out by 18:00 the day before.",
        "Dislikes voice notes; text only.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Stage door closes at 23:30; latecomers ring the security desk.",
            "After half past eleven at night the stage door is locked and you have to call security.",
        ),
    ),
    differ=(
        (
            "m",
            "Running time of Act 1 is 62 minutes.",
            "Running time of Act 2 is 48 minutes.",
        ),
        (
            "m",
            "Radio mic channel 7 is assigned to Ms Farrow.",
            "Radio mic channel 9 is assigned to Mr Dlamini.",
        ),
    ),
    conflict=(
        (
            "m",
            "Evening performances go up at 19:30.",
            "Curtain up for evening shows changed to 7.45pm from this week.",
        ),
        (
            "m",
            "The deputy stage manager is Rosa Quint.",
            "Rosa left for the tour; our DSM now is Ben Aldous.",
        ),
        (
            "m",
            "Matinees are on Wednesday and Saturday.",
            "We dropped the Wednesday matinee; Thursday and Saturday afternoons now.",
        ),
        (
            "u",
            "Wants the cue-to-cue rehearsals scheduled for four hours.",
            "Allow six hours for cue-to-cues these days; four was never enough.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The haze level for Act 2 is set to 40% on the hazer.",
            "Act 2 hazer output: 25%.",
        ),
    ),
    remote=(
        "The sound designer's QLab workspace is on the sound Mac Mini in the control room, in /Users/sound/Shows/Tempest.qlab4.",
    ),
    gone=("Last season's risk assessments: ~/theatre/risk/2025_season.pdf.",),
    folders=("~/theatre/props", "~/theatre/promptbook"),
    fill=0.89,
    user_fill=0.36,
)

HOMES = (VET, WINE, COACH, PHARMACIST, TRANSLATION, STAGE)
