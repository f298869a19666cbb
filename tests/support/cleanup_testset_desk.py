# ruff: noqa: E501
"""The independent test set, part three: six homes of writers, scholars, a bakery, a school and a studio.

Part of cleanup_testset.py (see its docstring: written blind, not for tuning the method).
"""

from __future__ import annotations

from cleanup_corpus import Home

NOVELIST = Home(
    name="novelist-claire",
    kind="novelist (literary fiction, second novel)",
    memory=(
        "The manuscript is in ~/writing/the-salt-house as one Markdown file per chapter (ch01.md to ch28.md).",
        "Chapters are compiled to DOCX with pandoc and the reference doc manuscript-ref.docx (Times 12, double spaced) by make docx, which also collects the [[TK]] markers into a list.",
        "Word counts go into wordcount.csv (date, chapter, words); the daily goal is 1,000 words, and a week under 4,000 means a gentle reminder on Monday.",
        "The character bible is characters.md: every new named character gets an entry with age, eye colour, first appearance and how they speak (accent, pet words).",
        "Research notes are in research/ by topic (fishing fleet, the 1953 storm surge, guest houses); a fact used in the book gets its source in the note, since the copy-editor will ask.",
        "The story is set in Whitby, 1953-1954; keep post-war slang out of the older characters' dialogue, and prices are in pounds, shillings and pence.",
        "The writing folder is synced to Dropbox and committed to git every evening; the commit message is the day's word count and the chapter worked on.",
    ),
    user=(
        "Claire writes in the mornings, 06:00-09:00 GMT, and edits in the afternoons.",
        "Uses British spelling and single quotation marks for dialogue.",
        "Claire reads feedback on paper: format it to print well, with chapter and paragraph numbers rather than line numbers.",
        "Likes the Oxford comma, even in British spelling.",
        "Doesn't want praise in feedback, only what to look at.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Claire wants feedback on prose as questions, never as rewritten sentences.",
            "Don't rewrite my sentences; ask me questions about them instead.",
        ),
        (
            "overlap",
            "m",
            "Harriet Cole at Blackbird Literary is Claire's agent.",
            "Claire's literary agent is Harriet Cole at Blackbird Literary; she wants the full manuscript by 31 March 2027, as DOCX rather than PDF.",
        ),
    ),
    differ=(
        (
            "m",
            "Mara Quinn is the protagonist, 34, a photographer who comes back to Whitby.",
            "Mara's sister, Edie Quinn, 29, stayed in Whitby and runs the guest house.",
        ),
    ),
    conflict=(
        (
            "m",
            "The working title of the novel is The Salt House.",
            "Working title changed to 'What the Tide Keeps'; the folder still has the old name.",
        ),
    ),
    conflict_uncued=(
        ("m", "Target length for the novel is 90,000 words.", "The novel should land at around 110,000 words."),
    ),
    remote=("On the agency's Dropbox, drafts for Harriet go in /Shared/Clients/Byrne/Drafts.",),
    gone=(
        "Notes for the abandoned sci-fi novella are in ~/writing/ember-protocol; some of the worldbuilding may be reused.",
    ),
    fill=0.87,
    user_fill=0.32,
    folders=("~/writing/the-salt-house",),
)

PHD = Home(
    name="phd-hugo",
    kind="history PhD student (thesis in French, LaTeX)",
    memory=(
        "The thesis is LaTeX in /home/hugo/thesis: main file these.tex, one chapter per file in chapitres/.",
        "The bibliography is kept in Zotero with Better BibTeX, auto-exported to biblio.bib in the thesis folder.",
        "Citation style is Chicago notes-bibliography, via biblatex-chicago; archival sources are cited as AN, F7 12445, dossier, folio, with the date of the document.",
        "Archive photos are in /home/hugo/archives, named by carton and folio, e.g. F7-12445_f023.jpg; the cartons are from the Archives nationales, series F7 (police générale).",
        "Transcriptions keep the original spelling; editorial additions go in [square brackets], illegible words are marked [illisible] and uncertain readings get [?].",
        "Chapters run 60-80 pages each. Plan: 1 the police apparatus, 2 the report as a genre, 3 watching the anarchists, 4 strikes, 5 the press and the police; chapters 1 and 2 are drafted.",
        "The thesis is written in French; German and English quotations stay in the original, with a translation in the footnote marked (trad. de l'auteur).",
        "The defence is planned for autumn 2027; the committee needs the manuscript 8 weeks before, printed in three copies and as a PDF for the doctoral school.",
    ),
    user=(
        "Hugo is in the 3rd year of his PhD, funded until September 2027.",
        "Likes detailed answers with sources he can check.",
        "Hugo would rather hear that the agent is unsure of a historical fact than get a guess; he checks everything against the sources anyway.",
        "Uses Vim with VimTeX: give Vim keybindings, not VS Code ones.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Compile with latexmk -lualatex these.tex; pdflatex fails on the fonts.",
            "Build with LuaLaTeX (latexmk -lualatex these.tex): pdfLaTeX breaks on the fonts.",
        ),
        (
            "cross",
            "mu",
            "Hugo wants the agent to answer in French.",
            "Réponds-moi en français, s'il te plaît: I want answers in French.",
        ),
    ),
    differ=(
        (
            "m",
            "Supervisor: Prof. Anne Lefèvre (Paris 1), meetings every first Thursday of the month.",
            "Co-supervisor: Dr. Martin Keller (Freiburg), video meetings every two months.",
        ),
    ),
    conflict=(
        (
            "m",
            "The corpus covers 412 police reports from 1880-1914.",
            "After the summer in the archives the corpus now counts 587 reports (still 1880-1914).",
        ),
    ),
    remote=("On the lab's Nextcloud (cloud.ihmc.fr) the shared scans are in /Recherche/Hugo/Numerisations.",),
    gone=("The master's dissertation sources are in /home/hugo/memoire-m2; reuse its police report database.",),
    fill=0.86,
    user_fill=0.28,
    folders=("/home/hugo/thesis", "/home/hugo/archives"),
)

BAKERY = Home(
    name="bakery-rosa",
    kind="small-business owner doing a bakery's accounts (Spain)",
    memory=(
        "Bookkeeping is in GnuCash; the book, panaderia-rosa.gnucash, is in ~/Documents/Bakery/books with its automatic backups.",
        "Sales come from the Square POS export (CSV), downloaded every Monday for the previous week and imported into GnuCash with the account map in import-map.txt.",
        "Supplier invoices are scanned into ~/Documents/Bakery/invoices/<year>/<month> as PDFs named supplier_date_amount.pdf, and the paper copies go into the binder for that quarter.",
        "The accountant, Sr. Okafor, needs the quarterly IVA summary by the 20th of the month after the quarter.",
        "Flour from Molino Verde costs 0.92 EUR per kg in 25 kg sacks; butter comes from Lácteos Sierra at 7.80 EUR per kg, delivered on Tuesdays and Fridays.",
        "GnuCash accounts: Ingresos:Ventas:Pan, Ingresos:Ventas:Bollería, Ingresos:Ventas:Cafetería; Gastos:Materias primas, Gastos:Alquiler, Gastos:Suministros (power, water, gas).",
        "Payroll is done by the gestoría; Rosa only sends the hours worked by the 25th, in the sheet horas.xlsx, one row per employee and day.",
        "Special orders (cakes, roscón de Reyes) take a 50% deposit and are recorded in the encargos notebook and in GnuCash as Anticipos de clientes until they are picked up.",
        "The cash drawer is counted at closing; differences over 5 EUR are noted in caja.xlsx.",
    ),
    user=(
        "Rosa is not a programmer: explain spreadsheet steps click by click.",
        "GnuCash is set to Spanish, so name the menus in Spanish (Archivo, Informes).",
        "Prefers to do the accounts on Sunday evenings.",
        "Rosa's daughter Lucía helps with the computer at weekends; instructions that need the terminal can be addressed to her.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Monthly rent for the bakery premises is 1,450 EUR.",
            "Shop rent is 1,450 EUR a month, paid by transfer on the 1st to Inmobiliaria Sol (the IBAN is on the contract).",
        ),
        (
            "cross",
            "mu",
            "Rosa wants amounts with two decimals and the euro sign after the number (12,50 €).",
            "Show money the Spanish way: 12,50 € with a decimal comma and the € after.",
        ),
    ),
    differ=(
        (
            "m",
            "Basic bread (pan común) is sold with 4% IVA.",
            "Pastries and coffee are sold with 10% IVA.",
        ),
    ),
    conflict=(
        (
            "m",
            "Opening hours are 7:00-14:00 and 17:00-20:00, Monday to Saturday.",
            "Since September the bakery no longer opens in the afternoon: hours are 7:00-15:00, Mon-Sat.",
        ),
    ),
    conflict_uncued=(
        (
            "u",
            "Rosa's meetings with the accountant are on Tuesdays.",
            "Rosa meets the accountant on Thursday mornings.",
        ),
    ),
    remote=("On the shop's tablet, Square exports are saved to /sdcard/Download/Square.",),
    gone=("Spreadsheets from 2023 are in ~/Documents/Bakery/excel-2023, if a number from that year is needed.",),
    fill=0.89,
    user_fill=0.36,
    folders=("~/Documents/Bakery/books", "~/Documents/Bakery/invoices"),
)

TEACHER = Home(
    name="teacher-ines",
    kind="secondary school teacher (maths and physics, England)",
    memory=(
        "Lesson plans are in ~/school/2026-27/<class>/<week>.md with objective, starter, main, plenary and homework; worksheets are exported to PDF for printing.",
        "Seating plans live in the Arbor MIS, never in lesson files, because they hold pupils' support notes.",
        "Homework is set weekly: Sparx Maths for 7B and 9A; 11C gets past-paper questions, marked with the AQA mark schemes.",
        "Classes: 7B (Maths, 28 pupils), 9A (Maths, 26), 11C (Physics, 22); Inês is also the form tutor of 9A.",
        "Tests are marked out of 40; grade boundaries follow the department's sheet and marks go into the department tracker within a week of the test.",
        "Required practicals for 11C are recorded in the lab book template; risk assessments come from CLEAPSS and go to the technician 48 hours ahead.",
        "The school uses Google Classroom; the week's assignments are posted by Sunday 20:00.",
        "Pupils with learning support plans get worksheets in 14 pt Arial on a cream background.",
        "The exam board for physics is AQA, specification 8463.",
    ),
    user=(
        "Inês is Portuguese and teaches in England; she sometimes writes 'obrigada'.",
        "Year 7 questions must not assume a calculator.",
        "Inês marks on Sunday afternoons and wants mark schemes laid out so she can tick them off quickly on paper.",
        "No emojis in anything that pupils or parents will see.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "Inês wants worksheets to start easy and get harder, with a challenge question at the end.",
            "Order the questions from easy to hard and finish every worksheet with one stretch question.",
        ),
        (
            "overlap",
            "u",
            "Inês likes answer keys on a separate page.",
            "Put the answer key on a separate page, with worked solutions for the last three questions.",
        ),
    ),
    differ=(
        (
            "m",
            "9A has Maths in room 14 on Monday and Wednesday, period 2.",
            "7B has Maths in room 14 on Tuesday and Thursday, period 2.",
        ),
    ),
    conflict=(
        (
            "m",
            "Parents' evening for Year 9 is on 12 February.",
            "The Year 9 parents' evening was moved to 26 February because of the mock exams.",
        ),
    ),
    remote=("On the school's shared drive the department's schemes of work are under S:\\Maths\\Schemes.",),
    fill=0.61,
    user_fill=0.45,
    folders=("~/school/2026-27",),
)

TRANSLATOR = Home(
    name="translator-katrin",
    kind="freelance translator (German and French into English)",
    memory=(
        "Translation jobs live in ~/Übersetzungen/<client>/<job-number>, with source/, target/ and tm/ folders.",
        "CAT tools: memoQ in a Windows VM and OmegaT on Linux; TMX is the exchange format between them, and memoQ jobs for Trados clients go out as .mqxliff packages.",
        "Rates: 0.14 EUR per source word for DE>EN, 0.16 EUR for FR>EN; minimum charge 45 EUR. Sworn translations are charged per page (1,500 characters) at 38 EUR.",
        "Glossaries are TBX, one per client; the medical client Medivera's glossary overrides IATE terms, and new terms she finds are sent to their terminologist each Friday.",
        "Invoices are written in LibreOffice from the template Rechnung-Vorlage.ott and numbered KB-2026-NNN; Swiss clients pay in CHF and Canadian ones in CAD, at the rate of the invoice date.",
        "Every delivery over 1,000 words gets a second read the next morning, at least 12 hours after translating; rush jobs due within 12 hours are charged 25% extra.",
        "Deadlines are in the client's time zone: Medivera is in Basel (CET), Lexora in Montréal (EST).",
    ),
    user=(
        "Katrin is a sworn translator (ermächtigte Übersetzerin) for German and French.",
        "When explaining, she wants German terms quoted in „German quotes“.",
        "Dislikes machine-translation suggestions unless she asks for them.",
        "Katrin wants points of English usage backed by a style guide (New Hart's Rules or the Economist style guide).",
    ),
    same=(
        (
            "cross",
            "mu",
            "Katrin wants English in British spelling unless the client asks for US.",
            "Use British English by default; switch to US spelling only when a client asks.",
        ),
        (
            "paraphrase",
            "m",
            "Lexora jobs are FR>EN legal contracts, always checked against the Canadian terminology in Termium.",
            "Lexora sends French legal contracts to translate into English; terminology is verified in Termium.",
        ),
    ),
    differ=(
        (
            "m",
            "QA for DE>EN jobs runs in Xbench with the checklist de-en.xbckl.",
            "QA for FR>EN jobs runs in Xbench with the checklist fr-en.xbckl.",
        ),
    ),
    conflict=(
        (
            "m",
            "Daily translation capacity is 2,500 words.",
            "I now plan with 3,000 words a day, since the MT post-editing jobs started.",
        ),
    ),
    conflict_uncued=(
        (
            "u",
            "Katrin prefers to send her invoices once a month.",
            "Katrin wants each job invoiced as soon as it is delivered.",
        ),
    ),
    remote=("Medivera's SFTP server drops new jobs in /in/katrin.berger and expects deliveries in /out.",),
    gone=("Old Trados 2019 project files are in ~/Übersetzungen/_trados-archiv; open them only to export TMs.",),
    fill=0.8,
    user_fill=0.38,
    folders=("~/Übersetzungen",),
)

MUSICIAN = Home(
    name="musician-dele",
    kind="musician and producer (Ableton, a band in London)",
    memory=(
        "Sessions are in Ableton Live 12; projects are in ~/Music/Projects/<year>/<track> Project.",
        "Masters for streaming: 24-bit/48 kHz WAV at -14 LUFS integrated, true peak -1 dBTP; a vinyl master is a separate pass with no limiter and the low end in mono.",
        "Stems are exported as 24-bit WAV, all starting at bar 1, named <track>_<stem>.wav, and sent as one zip with a text file giving tempo, key and sample rate.",
        "Plugins: stock Ableton devices plus FabFilter Pro-Q 3, Pro-C 2 and Valhalla VintageVerb only, so sessions open on the studio PC; anything else is frozen and flattened before sharing.",
        "Distribution is through DistroKid; release dates need 4 weeks' lead time for playlist pitching, and the ISRCs DistroKid assigns are copied into the split sheet.",
        "The band rehearses every Thursday 19:00-22:00 at Soundbox Peckham; the room costs 18 GBP an hour, split three ways, and is booked four weeks ahead.",
        "Splits for 'Night Bus': Dele 50%, Ama 30%, Kofi 20%, as on the signed split sheet.",
    ),
    user=(
        "Dele is a producer and bassist from London (Europe/London).",
        "Prefers explanations in musical terms (bars, beats) rather than seconds.",
        "No generic advice like 'trust your ears'.",
        "Dele wants plugin suggestions limited to what he already owns, unless he asks for shopping advice.",
    ),
    same=(
        (
            "overlap",
            "m",
            "The tempo of the track 'Night Bus' is 94 BPM.",
            "'Night Bus' is at 94 BPM in F minor, with a half-time bridge from bar 65.",
        ),
        (
            "cross",
            "mu",
            "Dele likes mix feedback with timestamps (m:ss).",
            "Give me mix notes with timestamps like 1:42, one note per line.",
        ),
    ),
    differ=(
        (
            "m",
            "The lead vocal chain preset is 'Dele Lead Vox' (EQ, 1176-style compressor, plate reverb).",
            "The backing vocal chain preset is 'Dele BV Stack' (EQ, opto compressor, short room).",
        ),
    ),
    conflict=(
        (
            "m",
            "The audio interface is a Focusrite Scarlett 2i2.",
            "Replaced the Scarlett with a Universal Audio Volt 476 in August; select its driver in Ableton.",
        ),
    ),
    remote=(
        "The studio PC at Soundbox keeps the band's multitracks in D:\\Sessions\\Dele and wipes them every 60 days.",
        "On Ama's NAS, where she mixes, the mix revisions are under /volume1/mixes/night-bus.",
    ),
    gone=("Old Logic Pro sessions are in ~/Music/Logic; convert them to Ableton when a remix is needed.",),
    fill=0.81,
    user_fill=0.25,
    folders=("~/Music/Projects",),
)

HOMES = (NOVELIST, PHD, BAKERY, TEACHER, TRANSLATOR, MUSICIAN)
