# ruff: noqa: E501
"""The independent test set, part four: six homes of a law office, a podcast, an architect, a charity,
a photographer and a family historian.

Part of cleanup_testset.py (see its docstring: written blind, not for tuning the method).
"""

from __future__ import annotations

from cleanup_corpus import Home

PARALEGAL = Home(
    name="paralegal-maria",
    kind="paralegal in a small law firm (employment and tenancy)",
    memory=(
        "Case files are in ~/Firm/Cases/<year>-<number> <client surname>, with subfolders Pleadings, Correspondence, Discovery and Billing; nothing is kept on the desktop.",
        "Every document name starts with the date as YYYY-MM-DD, then type and party, e.g. 2026-03-04 Motion Defendant.pdf; drafts add 'DRAFT v2' at the end and are never sent to the court.",
        "District court filings go through the e-filing portal; PDFs must be text-searchable and under 25 MB, exhibits are separate bookmarked PDFs with the exhibit letter in the name.",
        "Limitation periods are in the firm calendar with two reminders, 30 and 7 days before; the attorney on the matter must acknowledge the 7-day one by email.",
        "Time is recorded in Clio in 6-minute units, with task codes from the UTBMS list; non-billable admin time is logged as well, under code A100.",
        "Conflict checks are run in Clio before any new matter is opened, including the opposing party's name and any former names, and the result is saved to the matter as a note.",
    ),
    user=(
        "Maria is a paralegal, not a lawyer; she wants anything that needs attorney review flagged.",
        "Bilingual English/Spanish; letters to Spanish-speaking clients use usted.",
        "Likes procedures written as numbered checklists.",
        "Maria wants every date in a draft checked against the calendar, with the weekday written out (Monday, 3 August 2026).",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Deadlines are computed in court days, excluding weekends and state holidays.",
            "Count deadlines in court days: weekends and state holidays don't count.",
        ),
        (
            "cross",
            "mu",
            "Maria wants letters in formal US English opening with 'Dear Mr. or Ms. Surname:'.",
            "Formal letters: US English, salutation 'Dear Mr./Ms. Surname:' with a colon.",
        ),
    ),
    differ=(
        (
            "m",
            "Attorney Daniel Reyes handles the employment cases and signs all EEOC filings.",
            "Attorney Sofia Lindqvist handles the tenancy cases and signs all housing court filings.",
        ),
    ),
    conflict=(
        (
            "m",
            "The retainer for new employment cases is 2,500 USD.",
            "The employment retainer was raised to 3,000 USD for matters opened after 1 July.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Responses to discovery requests are due 30 days after service.",
            "Discovery responses are due 21 days after service.",
        ),
    ),
    remote=(
        "On the firm's document server (dms01) closed matters are archived under /archive/closed/<year>.",
        "In Clio's cloud documents the letter templates are in the folder /Firm Templates/Letters.",
    ),
    gone=("Maria's own template drafts are in ~/Firm/Templates-draft; the good ones get moved into Clio.",),
    fill=0.88,
    user_fill=0.3,
    folders=("~/Firm/Cases",),
)

PODCAST = Home(
    name="podcast-ben",
    kind="podcaster (a science show, audio and video)",
    memory=(
        "Episodes are edited in Reaper; project folders are ~/Podcast/Episodes/EP<number>-<slug>.",
        "Loudness target is -16 LUFS stereo with a -1 dBTP ceiling, checked with the Youlean meter; the mono dialogue stems are exported at -19 LUFS for the video editor.",
        "Show notes are Markdown in the episode folder; chapters are given as timestamps, links are checked before publishing, and sponsor links go at the top.",
        "Guests fill in the release form (a Google Form) before recording: no release, no publishing. The signed form is saved as a PDF in the episode folder.",
        "Edit rules: cut ums only where they break a sentence, keep the laughter, remove anything a guest asks to be off the record, and list removed sections with timestamps in edit-notes.txt.",
        "Sponsorship: one mid-roll read per episode at 150 GBP, booked in the sponsors sheet; no gambling, crypto or supplement sponsors.",
        "The intro music 'Early Light' is licensed from Artlist; the licence covers commercial use until 2027-05, and the licence PDF is kept with the show's contracts.",
        "Video episodes are 1080p30, exported from DaVinci Resolve with the YouTube preset.",
    ),
    user=(
        "Ben is a science teacher turned podcaster; he likes enthusiasm but no hype words.",
        "Prefers Reaper keyboard shortcuts over menu paths.",
        "Ben wants show-notes drafts in his own voice: first person, short paragraphs, a question to listeners at the end.",
        "Lives in Manchester and records on Saturday mornings.",
    ),
    same=(
        (
            "overlap",
            "m",
            "New episodes of the show are released every Tuesday.",
            "New episodes go out every Tuesday at 06:00 UK time, with the YouTube version at 12:00.",
        ),
        (
            "paraphrase",
            "u",
            "Ben wants episode titles under 60 characters, without clickbait.",
            "Episode titles: no clickbait, and keep them shorter than 60 characters.",
        ),
    ),
    differ=(
        (
            "m",
            "Ben records on a Shure SM7B into the Rodecaster Pro II, channel 1.",
            "The co-host, Priti, records on a Rode PodMic into the Rodecaster Pro II, channel 2.",
        ),
    ),
    conflict=(
        (
            "m",
            "The podcast feed and audio are hosted on Anchor.",
            "The show moved from Anchor to Transistor in March; the feed redirect is in place.",
        ),
    ),
    remote=(
        "Remote guests' Riverside recordings are downloaded from the studio's cloud folder /Riverside/Still Curious/raw.",
    ),
    gone=("Season 1 raw recordings are in ~/Podcast/Season1-raw, for the best-of episode.",),
    fill=0.8,
    user_fill=0.33,
    folders=("~/Podcast/Episodes",),
)

ARCHITECT = Home(
    name="architect-yuki",
    kind="architect (two-person office, Tokyo)",
    memory=(
        "Projects are in ~/Arch/Projects/<code>_<name>, e.g. 2411_Kawano-House, with CAD, Renders and Admin subfolders.",
        "Drawings are made in Vectorworks 2025; DWG exports for consultants use the layer map consultant-layers.xml, and every export goes out with a transmittal sheet.",
        "Site visits for Kawano House are every second Wednesday during construction; the site log (現場記録) is written the same day with photos named by date and grid line.",
        "Sheets are A1, plans at 1:100 and details at 1:20, with the office title block; the client gets A3 reductions, printed at 1:200 with a scale bar.",
        "Renders are made in Twinmotion, output 3840x2160 PNG; clients get six views: two daytime exteriors, one at dusk and three interiors.",
        "Fees follow the MLIT guideline method; the Kawano House contract is 9% of construction cost, invoiced 30% at basic design, 40% at detailed design and 30% at completion.",
        "File names are <project code>_<drawing number>_<revision>, e.g. 2411_A-101_C.",
        "Code checks follow the Building Standards Act; the Kawano House site allows a floor area ratio of 200%.",
    ),
    user=(
        "Yuki is a licensed architect (一級建築士) running a two-person office in Tokyo.",
        "Prefers answers in English with the Japanese technical term in parentheses.",
        "Yuki wants costs in yen with the tax shown separately (税抜 and 税込).",
        "Likes design steps as numbered lists rather than long prose.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Yuki wants dimensions in millimetres, never metres, in drawing notes.",
            "Always give dimensions in mm (e.g. 2400 mm), not in metres.",
        ),
        (
            "paraphrase",
            "m",
            "Kawano House: two storeys, timber frame, total floor area 128 m².",
            "The Kawano House is a 128 m² timber-frame house on two floors.",
        ),
    ),
    differ=(
        (
            "m",
            "Kawano House site: 160 m² in Setagaya, Category 1 low-rise residential zone.",
            "Mori Clinic site: 310 m² in Meguro, neighbourhood commercial zone.",
        ),
    ),
    conflict=(
        (
            "m",
            "The structural engineer for Kawano House is Ito Structural.",
            "Ito Structural dropped out; Sato & Partners now do the Kawano House structure.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Ceiling height on the ground floor of Kawano House is 2,400 mm.",
            "The Kawano House ground floor has a ceiling height of 2,600 mm.",
        ),
    ),
    remote=("On the office file server (fs-tokyo) issued drawing sets are archived under /projects/issued/<code>.",),
    gone=("The competition entry files are in ~/Arch/Competitions/2023-Library; reuse its facade study.",),
    fill=0.86,
    user_fill=0.25,
    folders=("~/Arch/Projects",),
)

CHARITY = Home(
    name="foodbank-fatima",
    kind="manager of a volunteer-run food bank (UK charity)",
    memory=(
        "The volunteer roster is the Airtable base 'Volunteers 2026', table Shifts; each shift has 2-4 volunteers, confirmed by text message two days before.",
        "The food bank opens Tuesday and Friday 10:00-13:00 at St Anne's hall.",
        "Grant reports are in ~/Documents/FoodBank/Grants/<funder>/<year>; the Lottery report is due each October.",
        "The charity number 1183456 goes in the footer of every letter, with the registered address, 14 Mill Lane.",
        "Donations over £500 get a thank-you letter signed by the chair within 2 weeks; the Gift Aid declaration is checked before the letter goes.",
        "Food safety: chilled items are kept at 0-5 °C with temperatures logged at opening and closing; use-by items are thrown away on the date, best-before items can go out up to a month after.",
        "Volunteers on the youth programme need a DBS check, renewed every 3 years.",
    ),
    user=(
        "Fatima is the part-time manager, three days a week (Mon, Tue, Fri).",
        "Speaks English and Urdu; some notices for volunteers are needed in both.",
        "Wants budget figures rounded to the nearest pound.",
        "Fatima prefers one-page documents; anything longer should open with a three-line summary for the trustees.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Fatima wants volunteer messages in plain language: short sentences, no acronyms.",
            "Messages to volunteers: plain words, short sentences, and no unexplained acronyms.",
        ),
        (
            "overlap",
            "m",
            "The newsletter goes out on the first Monday of the month.",
            "The monthly newsletter is sent through Mailchimp on the first Monday, to the 'Supporters' audience, around 08:00.",
        ),
    ),
    differ=(
        (
            "m",
            "The Tuesday volunteer coordinator is Helen Marsh (07700 900123).",
            "The Friday volunteer coordinator is Ade Bello (07700 900456).",
        ),
    ),
    conflict=(
        (
            "m",
            "The food bank serves about 120 households a week.",
            "Numbers went up over the winter: we now serve roughly 170 households each week.",
        ),
    ),
    remote=("The volunteer handbook is on the shared Google Drive at /Shared drives/FoodBank/Handbook.",),
    gone=("Mailchimp exports are in ~/Documents/FoodBank/mailchimp-exports; the latest CSV is the mailing list.",),
    fill=0.71,
    user_fill=0.28,
    folders=("~/Documents/FoodBank/Grants",),
)

PHOTO = Home(
    name="photo-luis",
    kind="wedding and portrait photographer (Seville)",
    memory=(
        "Photos are catalogued in Lightroom Classic; the catalog Luis-2026.lrcat and its previews are in ~/Pictures/Lightroom.",
        "Import naming: YYYYMMDD_<client>_<sequence>; keywords are client, venue, and people who signed releases. Culling is done in Photo Mechanic before import.",
        "Wedding deliveries: 400-600 edited images in a Pixieset gallery within 6 weeks, and a sneak peek of 20 images within 72 hours.",
        "Contracts take a 30% deposit on booking and the balance 14 days before the event; travel beyond 50 km from Seville is charged at 0.30 EUR per km.",
        "Kit: two Sony A7 IV bodies; 24-70 f/2.8 GM II, 85 f/1.4 and 16-35 f/4 lenses, two Godox V1 flashes; both bodies record to two cards at once.",
        "Backups follow 3-2-1: the second copy on the desk DAS, the third in Backblaze; cards are not formatted until both copies are verified.",
        "Model releases are signed in the Easy Release app, and the PDFs are attached to the client's record in HoneyBook.",
    ),
    user=(
        "Luis is based in Seville (CET); summer afternoons are for editing, not calls.",
        "Likes Lightroom keyboard shortcuts in answers.",
        "Luis writes in Spanish when he is tired; answer in the language of his message.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Export for web: long edge 2048 px, sRGB, quality 80, watermark 'LT'.",
            "Web exports use sRGB at quality 80, 2048 px on the long edge, watermarked LT.",
        ),
        (
            "overlap",
            "u",
            "Luis prefers a warm, film-like look in his edits.",
            "Luis prefers a warm, film-like look: slightly faded blacks, warm highlights, natural skin tones.",
        ),
        (
            "cross",
            "mu",
            "Luis wants client emails in Spanish and English, Spanish first.",
            "Client emails should be bilingual: español primero, then English.",
        ),
    ),
    differ=(
        (
            "m",
            "The Martínez wedding is on 14 June 2027 at Finca La Alameda, ceremony at 17:00.",
            "The Ortega wedding is on 21 June 2027 at Finca La Alameda, ceremony at 18:30.",
        ),
    ),
    conflict=(
        (
            "m",
            "The base wedding package is 2,400 EUR for 8 hours.",
            "Raised the base wedding package to 2,800 EUR (still 8 hours) for bookings from 2027 on.",
        ),
    ),
    remote=(
        "On the Synology at the studio, client RAW archives are in /volume1/Archive/<year>/<client>.",
        "On the web host (SiteGround) the portfolio's image uploads are in /home/luisphoto/public_html/wp-content/uploads.",
    ),
    gone=("Presets for sale are in ~/Pictures/Presets-Store-v1; the Gumroad zip is built from that folder.",),
    fill=0.81,
    user_fill=0.31,
    folders=("~/Pictures/Lightroom",),
)

GENEALOGY = Home(
    name="genealogy-margaret",
    kind="retired librarian researching her family history",
    memory=(
        "The family tree is in Gramps; a .gramps backup is written to ~/Genealogy/backups every week.",
        "Scans are in ~/Genealogy/Scans named surname_firstname_year_type.jpg, e.g. oconnor_bridget_1859_baptism.jpg.",
        "Sources are cited in Evidence Explained style: repository, record set, page, date accessed; a fact without a source goes in the tree marked 'unproven'.",
        "Research focus: the O'Connor line from County Kerry and the Fischer line from Württemberg; the Hall side (Boston) is her cousin Peter's part of the work.",
        "DNA matches are on AncestryDNA and MyHeritage; the shared cM is noted with each match, and a match over 90 cM goes into the tree only with a documented paper trail.",
        "Irish civil registration starts in 1864; the Catholic parish registers for Kenmare start in 1819 and are searched free on the NLI website.",
    ),
    user=(
        "Margaret is 74, a retired librarian in Bristol, on a Linux Mint laptop her grandson set up.",
        "Likes old German record terms explained (Taufe is baptism, ledig means unmarried).",
        "Margaret likes to know where a record can be seen in person: she visits the Bristol Archives every other Thursday.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Bridget O'Connor was born in 1859 in Kenmare.",
            "Bridget O'Connor, born 1859 in Kenmare, County Kerry, emigrated to Boston in 1881 and married Thomas Hall there in 1884.",
        ),
        (
            "paraphrase",
            "u",
            "Margaret wants computer steps explained plainly, one step at a time, without jargon.",
            "Explain computer things to Margaret step by step, in plain words, no jargon.",
        ),
        (
            "cross",
            "mu",
            "Margaret wants dates written day month year, like 3 March 1881.",
            "Please write dates as 3 March 1881 (day, month, year), never 3/3/1881.",
        ),
    ),
    differ=(
        (
            "m",
            "Johann Fischer, born 1832 in Tübingen, emigrated to Ohio in 1854.",
            "Johann Georg Fischer, born 1836 in Tübingen, stayed in Württemberg and worked as a cooper.",
        ),
    ),
    conflict=(
        (
            "m",
            "Thomas Hall's death year is 1902, from the family Bible.",
            "Thomas Hall's death year is now 1904: the Massachusetts death certificate found in May corrects the Bible.",
        ),
    ),
    conflict_uncued=(
        ("m", "Bridget and Thomas Hall had 7 children together.", "Bridget and Thomas Hall had nine children."),
    ),
    remote=("Cousin Peter's OneDrive holds the Fischer letters in /Family/Fischer/Briefe.",),
    gone=("Old Family Tree Maker files are in ~/Genealogy/FTM2014; open them only to compare dates.",),
    fill=0.75,
    user_fill=0.39,
    folders=("~/Genealogy/backups", "~/Genealogy/Scans"),
)

HOMES = (PARALEGAL, PODCAST, ARCHITECT, CHARITY, PHOTO, GENEALOGY)
