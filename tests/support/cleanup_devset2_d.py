# ruff: noqa: E501
"""Development set 2, part D: six homes (WordPress freelancer, lab manager, legal assistant, homeschooling parent, genealogist, wedding photographer).

Written blind to the clean-up method; see cleanup_devset2.py for the labelling guide.
"""

from __future__ import annotations

from cleanup_corpus import Home

WORDPRESS = Home(
    name="wp-freelancer",
    kind="a freelance WordPress developer with a dozen client sites",
    memory=(
        "12 client sites on WordPress 6.6 or later, PHP 8.2 on every hosting account.",
        "Local dev in LocalWP; each client's theme repo sits under ~/sites.",
        "Child themes of GeneratePress; Gutenberg blocks only, no page builders.",
        "UptimeRobot checks every site each 5 minutes and alerts to Telegram.",
        "Forms are Fluent Forms; transactional mail goes out through Brevo SMTP.",
        "Invoices are made in Holded with 21% IVA added.",
        "The dental clinic site's plugins are Composer-managed in ~/sites/clinica-dental.",
        "Wordfence (free) on all sites; 2FA for every administrator.",
        "The bakery's theme and WooCommerce tweaks live in ~/sites/panaderia-sol.",
    ),
    user=(
        "Lucía, autónoma in Valencia: I write to clients in Spanish and to agencies in English.",
        "Prefers WP-CLI commands over clicking through wp-admin.",
        "Lucía wants modern PHP 8: typed properties, match, named arguments.",
        "No jQuery in new code, por favor.",
        "Lucía works 09:00-14:00 and 16:30-19:30 CET.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Plugin updates are applied on Tuesdays, never on Fridays.",
            "Every Tuesday the plugins get updated; on a Friday nothing is touched.",
        ),
        (
            "overlap",
            "m",
            "Backups run with UpdraftPlus.",
            "UpdraftPlus backs up every site daily at 03:00 CET to Backblaze B2 (14 daily and 8 weekly copies kept), and the two shops' databases every 6 hours as well.",
        ),
        (
            "cross",
            "mu",
            "Clients never get administrator accounts, only Editor or Shop Manager.",
            "Lucía prefers not to give clients admin rights; Editor or Shop Manager is as far as she goes.",
        ),
    ),
    differ=(
        (
            "m",
            "Panadería Sol is hosted at Raiola Networks, plan Base.",
            "Clínica Dental Ruiz is hosted at SiteGround, plan GrowBig.",
        ),
    ),
    conflict=(
        (
            "m",
            "Maintenance is €45/month per site, updates and backups included.",
            "From January the care plan went up to €55 a site each month, now with uptime monitoring included.",
        ),
        (
            "m",
            "The panadería runs WooCommerce 8.9.",
            "Updated Panadería Sol to WooCommerce 9.4 last week after a pass on staging.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Images go up as WebP at quality 82.",
            "WebP quality for uploads: 75.",
        ),
    ),
    remote=(
        "On Raiola the panadería's document root is /home/panaderi/public_html (ssh panaderi@sv12.raiolanetworks.es).",
        "Staging copies live on my Hetzner VPS under /var/www/staging/<site>, behind basic auth.",
    ),
    gone=("The old Elementor templates from the bakery's first design are in ~/sites/panaderia-sol/elementor-old.",),
    fill=0.91,
    user_fill=0.66,
    folders=("~/sites", "~/sites/clinica-dental", "~/sites/panaderia-sol"),
)

BIOLAB = Home(
    name="biotech-lab",
    kind="the manager of a 14-person protein engineering lab",
    memory=(
        "Protein engineering lab, 14 people; BSL-2 for the E. coli and HEK293 work.",
        "Freezers: two -80 °C units, F1 and F2, racks A-E; the LN2 dewar is topped up on Mondays.",
        "Purchasing goes through SAP Ariba; anything over £5,000 needs three quotes.",
        "Equipment is booked on Clustermarket: the ÄKTA, the plate reader and our Orbitrap slots at the core.",
        "Inventory tools are in ~/lab/inventory-tools (Python, reading Quartzy CSV exports).",
        "COSHH assessments are reviewed every two years.",
        "Autoclave: 121 °C for 20 min for liquids; the log sheet hangs on the door.",
        "Sharps are collected on Thursdays; clinical waste in yellow bags, offensive waste in tiger stripe.",
        "New starters do the induction and a biosafety quiz before any BSL-2 access.",
        "Plasmids are in Benchling, named pLM-0001 onwards.",
        "SOP drafts are markdown in ~/lab/sops, exported to PDF for the binder.",
    ),
    user=(
        "I'm Dr Fatima Haddad, lab manager; my PI is Prof. Lindqvist.",
        "Fatima prefers checklists with tick boxes she can print.",
        "Use °C and SI units; concentrations in mM or µg/ml.",
        "Fatima doesn't want the agent emailing suppliers directly.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Nobody works alone in the lab after 20:00.",
            "Lone working in the lab is not allowed past eight in the evening.",
        ),
        (
            "overlap",
            "m",
            "The -80 alarms call the on-call phone.",
            "Both -80s dial the on-call phone through the Rees monitoring system if they rise above -65 °C for 15 minutes; whoever has the phone that week must answer within 30 min.",
        ),
        (
            "cross",
            "mu",
            "Liquid nitrogen is never handled alone; a second person must be present.",
            "Fatima insists on two people for any liquid nitrogen work.",
        ),
        (
            "overlap",
            "u",
            "Fatima likes the weekly summary on Friday.",
            "Fatima likes a weekly summary every Friday by 15:00: orders placed, equipment faults, and anything overdue in the safety log.",
        ),
    ),
    differ=(
        (
            "m",
            "F1 (-80) holds plasmid preps and glycerol stocks.",
            "F2 (-80) holds protein aliquots and cell pellets.",
        ),
        (
            "m",
            "The plate reader is a BMG CLARIOstar, booked in 1-hour slots.",
            "The qPCR machine is a Bio-Rad CFX96, booked in 2-hour slots.",
        ),
    ),
    conflict=(
        (
            "m",
            "Orbitrap time at the proteomics core costs £95 an hour.",
            "For internal users the core raised the Orbitrap rate to £120/h this financial year.",
        ),
        (
            "m",
            "Lab gloves: Kimtech Purple Nitrile, sizes M and L.",
            "Under the new framework contract we switched to Starlab StarGuard Comfort gloves.",
        ),
    ),
    remote=(
        "The ÄKTA's control PC (UNICORN 7) stores run files in D:\\UNICORN\\Results\\Lindqvist.",
        "Microscopy images stay on the imaging core's OMERO server, in /data/omero/ManagedRepository/lindqvist; none are kept locally.",
    ),
    gone=("Quartzy exports from 2024 are in /home/fatima/lab/quartzy-2024.",),
    fill=0.89,
    user_fill=0.5,
    folders=("~/lab/inventory-tools", "~/lab/sops"),
)

LEGAL = Home(
    name="legal-assistant",
    kind="a legal assistant at a small family-law firm",
    memory=(
        "Harrow & Pike Solicitors, family law: four solicitors, two paralegals.",
        "Case management is Clio; matter numbers look like HP-2026-0142.",
        "Court bundles: one paginated, indexed PDF, at most 350 pages unless the court directs otherwise.",
        "Form E deadlines come from the court order; diary a reminder 7 days before.",
        "Letter and attendance-note templates are in ~/firm/templates (Word .dotx only).",
        "Time is recorded in 6-minute units.",
        "Post: DX 12345 Harrow; anything to the court goes signed-for.",
        "Outlook colours: red court, blue client meeting, green internal.",
        "Client ID checks run through Thirdfort before engagement.",
        "Precedent letters for financial remedy cases are in ~/firm/precedents.",
    ),
    user=(
        "My name is Chloe; I assist Ms Pike and Mr Osei.",
        "Chloe prefers formal British English, 'Dear Sir or Madam' when there's no name.",
        "Never put client names or matter details in prompts; use the matter number.",
        "Chloe likes dates written out in full: Monday 9 March 2026.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Letters to the other side are approved by the supervising solicitor before sending.",
            "Nothing goes to opposing solicitors until the fee earner on the file has signed it off.",
        ),
        (
            "overlap",
            "m",
            "Court fees are paid by PBA.",
            "Court fees are paid through the firm's HMCTS Payment by Account, reference HP-FAM, and the receipt is saved to the Clio matter the same day.",
        ),
        (
            "cross",
            "mu",
            "Client emails go out from the matter inbox, never from personal addresses.",
            "Chloe wants client emails sent only from the shared matter inbox, not from her own address.",
        ),
        (
            "paraphrase",
            "u",
            "Ms Pike dislikes Latin phrases in letters to clients.",
            "For Ms Pike's clients write plain English ('in good faith', not 'bona fide'); she wants no Latin in client letters.",
        ),
    ),
    differ=(
        (
            "u",
            "Ms Pike wants attendance notes within 24 hours.",
            "Mr Osei wants attendance notes by the end of the same day.",
        ),
        (
            "m",
            "Central Family Court hearings are at First Avenue House, 42-49 High Holborn.",
            "Barnet Family Court hearings are at St Mary's Court, Regents Park Road.",
        ),
    ),
    conflict=(
        (
            "m",
            "Ms Pike's hourly rate: £250 + VAT.",
            "Ms Pike's rate went up to £275 plus VAT an hour from 1 April.",
        ),
        (
            "m",
            "Office hours are 09:00-17:30.",
            "We now open at 08:30 and close at 17:00 on weekdays.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Closed files are archived and destroyed after 6 years.",
            "Closed matter files are kept for 7 years.",
        ),
    ),
    remote=("Closed files from 2019-2024 are on the firm's server HP-SRV01 under E:\\Closed\\2019-2024.",),
    gone=("The Clio sync tool writes its logs to /opt/clio-sync/logs.",),
    fill=0.84,
    user_fill=0.54,
    folders=("~/firm/templates", "~/firm/precedents"),
)

HOMESCHOOL = Home(
    name="homeschool",
    kind="a parent homeschooling two children",
    memory=(
        "Two children: Léa (11) and Tom (8); Charlotte Mason style, with the national curriculum for maths.",
        "Maths No Problem: Léa is on 5A, Tom on 3A.",
        "Lesson plans and worksheets are kept in ~/school/plans.",
        "Library day is Wednesday; 15 books per card.",
        "Co-op meets Fridays 10:00-13:00 at the Quaker meeting house.",
        "Reading log: 20 minutes a day each, written in the notebook.",
        "The council's elective home education officer visits once a year, in the spring.",
        "Science kit subscription £19.99 a month, arrives in the first week.",
        "Typing practice on typing.com; Léa is at 28 wpm.",
        "Nature journal walks on Tuesday afternoons.",
        "The times-table sheet generator is in ~/school/sheet-maker.",
    ),
    user=(
        "I'm Claire; French mum, English dad, so we're bilingual at home (français à la maison).",
        "Claire prefers short activities of 20-30 minutes.",
        "Suggestions must print fine in black and white; no colour cartridge.",
        "Claire doesn't want more than 30 minutes of screen lessons a day for Tom.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "No worksheets on Fridays; Friday is co-op and outdoor day.",
            "Claire keeps Fridays free of worksheets because that day is for the co-op and being outside.",
        ),
        (
            "overlap",
            "m",
            "French lessons are on Mondays.",
            "French is on Mondays: dictée for Léa, a picture book read aloud for Tom and a chanson to finish, about 45 minutes together.",
        ),
        (
            "cross",
            "mu",
            "Tom's spelling list is 10 words a week.",
            "Claire wants Tom's weekly spelling list kept to ten words.",
        ),
    ),
    differ=(
        (
            "m",
            "Léa's swimming: Thursday 16:30 at the leisure centre.",
            "Tom's football: Thursday 17:30 at the rec ground.",
        ),
    ),
    conflict=(
        (
            "m",
            "Léa has piano with Mrs Grant on Mondays.",
            "Since Mrs Grant retired, Léa goes to Mr Okoro for piano, on Wednesdays.",
        ),
        (
            "m",
            "Tom reads at Oxford Reading Tree level 7.",
            "Tom moved up to ORT level 9 this term.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Our home-ed budget is £150 a month.",
            "Home-education budget: £120 per month.",
        ),
    ),
    remote=(
        "Léa's tablet keeps her drawings in /sdcard/Pictures/ibisPaint; they get copied to the NAS once a month.",
        "Photos of outings go to the family NAS, diskstation:/photo/homeschool/2026.",
    ),
    gone=("Last year's portfolio for the council review was saved to ~/school/portfolio-2025.",),
    fill=0.65,
    user_fill=0.35,
    folders=("~/school/plans", "~/school/sheet-maker"),
)

GENEALOGY = Home(
    name="genealogy",
    kind="a retired civil engineer researching his family history",
    memory=(
        "The family tree is in Gramps; GEDCOM exports go to ~/genealogy/exports every night.",
        "Main lines: Whitfield (Durham coal mining), Kowalski (Kraków, emigrated 1907), Byrne (Co. Wexford).",
        "Citations follow Evidence Explained; no fact goes in without a source.",
        "DNA: AncestryDNA and FTDNA Family Finder; matches under 20 cM are ignored.",
        "Ancestry World Explorer renews on 12 February.",
        "St Cuthbert's (Durham) registers are on Durham Records Online; £5 buys 25 credits.",
        "Polish records: the Geneteka index first, then the scans on Szukajwarchiwach.",
        "Names are written with the surname in capitals, e.g. Elizabeth HODGSON.",
        "The research log is a spreadsheet in ~/genealogy/research-log.",
        "The Byrne line is stuck in the 1810s; Ferns Catholic registers only start in the 1820s.",
    ),
    user=(
        "I'm George, 74, a retired civil engineer; I like precise dates and don't mind slow answers.",
        "George prefers dates in the genealogists' style: 3 Mar 1843.",
        "Large fonts please; my eyesight isn't what it was.",
        "George taught himself to read Latin parish entries and old Polish script, so he wants the original transcribed exactly, abbreviations and mistakes included, with a translation underneath in square brackets rather than a tidied-up version.",
        "George doesn't trust online trees without sources; never suggest copying from them.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Polish given names are recorded in the original Polish form, with the English form as an alias.",
            "Keep the Polish spelling as the main name (Józef, not Joseph) and add the anglicised one as an alternate.",
        ),
        (
            "overlap",
            "m",
            "The 1921 census is on Findmypast.",
            "The 1921 census for England and Wales is only on Findmypast, at £2.50 per transcript and £3.50 per image, so the free index is checked before buying.",
        ),
        (
            "cross",
            "mu",
            "DNA match names are never shared outside the family group.",
            "George wants DNA matches kept private: their names go nowhere beyond the family.",
        ),
        (
            "cross",
            "mu",
            "The Gramps database is backed up before every bulk edit.",
            "George always wants a Gramps backup made before any big change to the tree.",
        ),
    ),
    differ=(
        (
            "m",
            "John WHITFIELD (1843-1901), coal hewer, married Ann Robson in 1866 at St Cuthbert's.",
            "John WHITFIELD (1868-1932), colliery engineman, married Mary Lowes in 1891 at St Giles'.",
        ),
        (
            "m",
            "Great-grandmother Zofia Kowalska landed at Ellis Island on 14 May 1907.",
            "Great-uncle Jan Kowalski landed at Ellis Island on 2 October 1910.",
        ),
    ),
    conflict=(
        (
            "m",
            "Patrick Byrne was born about 1810.",
            "Patrick Byrne's birth is now put at c.1805, after his tithe applotment entry turned up.",
        ),
        (
            "m",
            "Gramps version 5.1.6.",
            "Upgraded Gramps to 5.2.3 this summer and converted the family database.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Ann Robson was born in Chester-le-Street.",
            "Ann Robson's birthplace: Houghton-le-Spring.",
        ),
    ),
    remote=(
        "Cousin Barbara's laptop has the scanned Kowalski letters in C:\\Users\\Barbara\\Documents\\Listy; she emails copies on request.",
        "The old family website is still on the NAS in the study, at nas:/share/web/whitfield-tree.",
    ),
    gone=("Scans of Grandad's army papers are in /home/george/Pictures/army-papers.",),
    fill=0.82,
    user_fill=0.6,
    folders=("~/genealogy/exports", "~/genealogy/research-log"),
)

WEDDING = Home(
    name="wedding-photo",
    kind="a wedding photographer who also films",
    memory=(
        "Packages: Photo £1,800, Photo + Film £3,200, elopement £900.",
        "Two Sony A7 IV bodies; 24-70 f/2.8, 35 mm f/1.4 and 85 mm f/1.8.",
        "Video is 4K 25p S-Log3, edited in DaVinci Resolve 19; deliverables are H.265 plus a 3-minute highlight.",
        "This season's Lightroom catalogue and gallery prep are in ~/weddings/2026.",
        "Galleries go out on Pic-Time within 8 weeks, with 20 sneak peeks inside 72 hours.",
        "Contract: 30% non-refundable retainer, balance due six weeks before the date.",
        "Second shooters are Callum or Beth at £300 a day.",
        "Backups are 3-2-1: two SSDs on the day and a cloud copy to Backblaze.",
        "Drone: DJI Mini 4 Pro; the CAA operator ID is renewed every year.",
        "Film music is licensed per project from Musicbed.",
    ),
    user=(
        "I'm Nadia; about 28 weddings a year, mostly in the Peak District.",
        "Nadia wants client emails friendly, first names, one emoji at most.",
        "Prefers shot lists grouped by time of day.",
        "Nadia doesn't work Mondays, her recovery day after weekend weddings.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "Nadia never posts a couple's photos online without their written OK.",
            "Written consent from the couple comes first; only then do their pictures go on Instagram or the blog.",
        ),
        (
            "overlap",
            "m",
            "Raw files are kept for 12 months.",
            "Raw files and the Resolve project are kept for 12 months after delivery and then deleted; finished JPEGs and films are archived for 5 years.",
        ),
        (
            "cross",
            "mu",
            "Memory cards are never formatted until there are two verified copies.",
            "Nadia insists on two verified copies of every card before it gets formatted.",
        ),
    ),
    differ=(
        (
            "m",
            "Sat 13 June: Ella & Sam, Chatsworth, ceremony 13:00.",
            "Sat 20 June: Ellie & Tom, Hassop Hall, ceremony 14:00.",
        ),
        (
            "m",
            "For ceremonies I use the 35 mm f/1.4 wide open.",
            "For portraits I use the 85 mm f/1.8 wide open.",
        ),
    ),
    conflict=(
        (
            "m",
            "Travel is free within 50 miles of Bakewell.",
            "Since March travel is only free within 30 miles of Bakewell; beyond that it's 45p a mile.",
        ),
        (
            "m",
            "Film delivery takes 12 weeks.",
            "These days the films go out within ten weeks of the wedding.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Pic-Time plan: Professional, £25 a month.",
            "The Pic-Time subscription is the Advanced plan at £35 per month.",
        ),
    ),
    remote=(
        "The studio editing PC (STUDIO-PC) holds the Resolve cache in E:\\ResolveCache; never clear it from here.",
        "Cloud copies go to the Backblaze B2 bucket nadia-weddings, under /raw/2026/ by wedding date.",
    ),
    gone=("2024 weddings are kept in ~/weddings/2024 until every album is signed off.",),
    fill=0.93,
    user_fill=0.47,
    folders=("~/weddings/2026",),
)

HOMES = (WORDPRESS, BIOLAB, LEGAL, HOMESCHOOL, GENEALOGY, WEDDING)
