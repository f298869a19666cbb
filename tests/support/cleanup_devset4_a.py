# ruff: noqa: E501
"""Held-out set 4, part A: six homes (dental reception, car ferry, school timetable, bees,
wedding photos, sourdough bakery), written blind and mostly about contradictions: old and new
values of one subject, cued and uncued, next to look-alikes that differ only in their subject."""

from __future__ import annotations

from cleanup_corpus import Home

DENTAL = Home(
    name="dental-desk",
    kind="receptionist at a two-surgery dental practice in Leeds",
    memory=(
        "Practice software is Dentally; the front desk uses the shared 'reception1' login, the hygienist has her own.",
        "Recall letters are generated from the templates in ~/practice/recall-letters and printed on the Brother in the back office.",
        "Dr Okafor does not see patients under 12; children's bookings go to Dr Haines.",
        "NHS band 1 charge: £27.40 (2026/27 rates).",
        "Emergency slots: two a day, 08:30 and 13:45; released to normal booking at 11:00 if nobody has claimed them.",
        "Whoever runs an autoclave cycle signs the sterilisation log for it, every single cycle.",
        "Late cancellation (under 24 h) costs private patients £25; NHS patients are not charged.",
        "The staff rota is ~/practice/rota/rota-2026.xlsx; Sunita updates it on Friday afternoons.",
        "Crowns and dentures go to Castle Dental Lab; the courier collects at 16:00 on weekdays.",
        "Card reader is a SumUp Solo. If it loses wifi, hold the power button for 10 seconds to restart it.",
        "Patients may park in bays 4-7 behind the building; bays 1-3 belong to the florist next door.",
    ),
    user=(
        "Calls herself Jo and signs emails 'Jo (reception)'.",
        "Wants patient names written surname first in any list she prints.",
        "Never let the agent message patients directly: drafts only, Jo sends them.",
        "British spelling, dates as 03/11/2026.",
        "Gets headaches under the strip lights, so keep any screen suggestions in dark mode.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Dr Haines works Mondays, Wednesdays and Thursdays.",
            "Thu / Mon / Wed are the only days Dr Haines is in clinic.",
        ),
        (
            "cross",
            "mu",
            "Appointment reminder texts go out 48 hours before the visit.",
            "Prefers patients get their reminder SMS two days ahead of the appointment.",
        ),
    ),
    differ=(
        (
            "m",
            "Surgery 1 autoclave: 134 °C for 3.5 minutes per cycle.",
            "Surgery 2 autoclave: 121 °C for 15 minutes per cycle.",
        ),
        (
            "u",
            "On Tuesdays Jo covers the front desk alone until 10:00.",
            "On Thursdays Jo covers the front desk alone until 12:30.",
        ),
    ),
    conflict=(
        (
            "m",
            "Hygienist appointments are 30 minutes long.",
            "Since the September audit hygiene slots have been lengthened to 40 min.",
        ),
        (
            "m",
            "A private check-up costs £55.",
            "As of October 2026 the practice charges £62 for a private examination.",
        ),
        (
            "u",
            "Likes the day list printed in Arial.",
            "Now wants the daily patient list in Verdana, she finds it easier to read at the desk.",
        ),
        (
            "m",
            "Lab pickups are done by DX Express.",
            "Switched the lab courier from DX to Citysprint in November; same 16:00 collection.",
        ),
    ),
    conflict_uncued=(
        ("m", "The practice phone line opens at 8:15.", "Phones are answered from 8:30 in the morning."),
        ("u", "Jo takes her lunch at 12:30.", "Jo's lunch break is 1 pm to 1:45."),
    ),
    remote=(
        "The nightly Dentally export lands on the practice NAS (synology-ds220) under /volume1/backups/dentally/.",
    ),
    gone=("Old appointment exports are kept as CSV in ~/practice/exports-2024.",),
    fill=0.93,
    user_fill=0.55,
    folders=("~/practice/recall-letters", "~/practice/rota"),
)

FERRY = Home(
    name="island-ferry",
    kind="operations clerk for a small car ferry between the mainland and a Hebridean island",
    memory=(
        "Timetable PDFs are built from ~/ferry/timetables/summer.ods and uploaded to the website by Kirsty.",
        "Each sailing's passenger manifest is saved as ~/ferry/manifests/YYYY-MM-DD_HHMM.csv.",
        "Kittiwake passenger certificate: 180 persons, class IV waters.",
        "The master decides weather cancellations by 06:00; they go on the Facebook page and the text alert list.",
        "Vehicles over 6 m pay the commercial rate and must book 24 h ahead.",
        "The island slipway is tidal: below 0.8 m above chart datum the Solan cannot load HGVs.",
        "Marine gas oil comes by tanker from Oban on the first Tuesday of every month.",
        "Dogs travel free but stay on the car deck or outside on the upper deck, never in the lounge.",
        "Ticket office float is £150 in coins each morning, counted with Calum.",
        "Working VHF channel is 16, then 74 for the harbour office.",
    ),
    user=(
        "Her name is Kirsty MacLeod; call her Kirsty.",
        "Uses the Gaelic place names in the timetable where there is one (Port na Long, not Portnalong).",
        "24-hour times everywhere, please.",
        "Does not want passengers' phone numbers copied into any summary.",
        "Reads on her phone between sailings, so answers should be short.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Crew change is on Saturdays, on the 14:10 sailing.",
            "Crew change happens every Saturday on the 14:10 sailing; the relief crew come over on the morning bus from Glasgow and sign the log before departure.",
        ),
        (
            "paraphrase",
            "m",
            "The Kittiwake's car deck takes vehicles up to 2.1 m high.",
            "Height limit on Kittiwake's vehicle deck: 210 cm.",
        ),
    ),
    differ=(
        (
            "m",
            "Kittiwake leaves the mainland at 07:40, 11:20 and 15:00.",
            "Solan leaves the mainland at 08:10, 12:30 and 16:45.",
        ),
        ("m", "Adult return fare: £14.60.", "Child return fare (5-15): £7.30."),
    ),
    conflict=(
        ("m", "Car single fare to the island is £38.", "Standard car single went up to £41.50 from 1 November."),
        (
            "m",
            "Last sailing from the island in winter is at 17:30.",
            "The winter schedule took effect this month: the final crossing back to the mainland now departs 16:50.",
        ),
        (
            "u",
            "She wants the daily sailing report by 07:00 UK time.",
            "These days Kirsty reads the sailing report at 06:30, before the master's call.",
        ),
        (
            "m",
            "Kittiwake's dry dock is booked at Ardmaleish for March.",
            "Kittiwake's refit was moved to Garvel in Greenock, now in April.",
        ),
    ),
    conflict_uncued=(
        ("m", "The Solan's licence allows 95 passengers.", "The Solan is certified for 120 passengers."),
        ("u", "Prefers distances in nautical miles.", "Wants any distance given in kilometres."),
    ),
    remote=(
        "The booking system runs on a hosted VPS (ferrybook.uk at Hetzner); its nightly SQL dumps are in /var/backups/ferrybook/ on that box.",
    ),
    gone=("Last winter's timetable drafts are in ~/ferry/winter-2025/.",),
    fill=0.9,
    user_fill=0.45,
    folders=("~/ferry/timetables", "~/ferry/manifests"),
)

TIMETABLE = Home(
    name="timetabler",
    kind="deputy head who builds the timetable for an 1,100-pupil secondary school",
    memory=(
        "The timetable is built in TimeTabler 13 and exported to Arbor; the master file is ~/timetable/2026-27/master.tt.",
        "Two-week cycle (Week A / Week B), five periods a day plus registration.",
        "Cover requests are logged in ~/timetable/cover/cover-log.xlsx before 07:45.",
        "Year 11 mocks: 30 November to 11 December 2026, in the sports hall.",
        "Mr Patel (physics) is part-time: no teaching on Friday afternoons.",
        "Science labs are S1-S6; S6 has no fume cupboard, so no chemistry practicals there.",
        "Union agreement: no teacher gets more than 3 consecutive periods without a break.",
        "Supply agency is Teach Direct, £185 a day for a secondary teacher.",
        "PPA time is 10% of the teaching timetable for every full-time teacher.",
        "The sixth-form block has its own bell times, 5 minutes behind the main school.",
    ),
    user=(
        "Deborah Lewis, deputy head; prefers 'Deb'.",
        "Likes the timetable grids with Week A on the left and Week B on the right.",
        "Wants departments named by their three-letter codes (MAT, ENG, SCI).",
        "Nothing goes to staff before she has checked it.",
        "Works from home on Wednesday evenings, never at weekends.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "Never schedule Deb's meetings in period 1.",
            "She'd rather not have anything booked for her during the first lesson of the day.",
        ),
        (
            "cross",
            "mu",
            "Timetable changes are frozen from the first day of the summer term.",
            "Wants no timetable changes proposed once the summer term has started.",
        ),
    ),
    differ=(
        ("m", "Year 7 lunch: 12:20-13:00.", "Year 10 lunch: 13:05-13:45."),
        ("m", "Room D14 seats 32.", "Room D41 seats 24."),
    ),
    conflict=(
        ("m", "Period 1 starts at 08:50.", "Since the new bell times in September, first lesson begins at 08:40."),
        ("m", "Year 9 maths is taught in 7 sets.", "Year 9 maths now runs 8 sets, the September intake was bigger."),
        (
            "u",
            "Wants the daily cover list emailed to her at 07:30.",
            "Changed her mind about the cover list: pin it in the Staff Teams channel instead of email.",
        ),
        ("m", "Year 8 parents' evening is on a Tuesday.", "Year 8 parents' evening moved to Thursday 14 January."),
    ),
    conflict_uncued=(
        ("m", "There are 68 teaching staff.", "Teaching staff headcount: 72."),
        ("m", "The school minibus seats 16.", "Our minibus takes 14 passengers plus the driver."),
    ),
    remote=(
        "Arbor's nightly import reads the timetable from the school's SFTP share, sftp.stmarks-school.org:/imports/timetable/.",
    ),
    gone=("The old room-booking macros are in /home/dlewis/Documents/rooms-macro.xlsm.",),
    fill=0.96,
    user_fill=0.5,
    folders=("~/timetable/2026-27", "~/timetable/cover"),
)

BEES = Home(
    name="apiary",
    kind="hobby beekeeper with fourteen hives who sells honey at two markets",
    memory=(
        "Inspection notes go in ~/bees/inspections/2026.md, one heading per hive.",
        "Honey labels are laid out in ~/bees/labels/label-340g.svg and printed on Avery L7160 sheets.",
        "Hives are numbered H1-H14 across the two apiaries (the orchard and Mill Farm).",
        "Varroa: oxalic acid trickle in December, while the colonies are broodless.",
        "Jars are 340 g hex jars from Thornes, sold by the case of 72.",
        "Queen marking colour for 2026 is white (years ending 1 or 6).",
        "Swarm calls come via the council's list; collection radius 10 miles.",
        "Extraction happens in the garage with the 9-frame radial extractor; rinse it with cold water first, hot sets the wax.",
        "Lot numbers are year + batch letter, e.g. 26C, as trading standards asked.",
        "Mr Dawe at Mill Farm gets six jars a year as rent for the site.",
    ),
    user=(
        "Name is Morwenna; a retired science teacher.",
        "Wants hive notes terse: hive, date, brood frames, queen seen y/n, temper.",
        "Would rather try a frame of eggs than be told to requeen a grumpy colony.",
        "Mildly allergic to stings; her EpiPen is in the car glovebox.",
        "Writes 'dreckly' (Cornish for 'sometime, eventually'); do not correct it.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Feed 2:1 syrup in autumn.",
            "Autumn feeding is with heavy syrup: two parts sugar to one part water.",
        ),
        ("paraphrase", "m", "A full honey super weighs about 25 lb.", "Expect roughly 11 kg for a full super."),
    ),
    differ=(
        ("m", "Saturday market: Totnes, 8:00-13:00, pitch 14.", "Sunday market: Ashburton, 9:00-12:00, pitch 3."),
        ("m", "Price at the Totnes market: £7.50 a jar.", "Price at the Ashburton market: £8 a jar."),
    ),
    conflict=(
        (
            "m",
            "Cut comb honey sells for £9 a box.",
            "Comb honey raised to £10.50 a box this season because of the poor spring.",
        ),
        (
            "m",
            "Apiary inspections every 7 days in swarm season.",
            "Since switching to clipped queens she inspects on a nine-day cycle in May and June.",
        ),
        (
            "m",
            "Buys wax foundation from Thornes.",
            "No longer gets foundation from Thornes; Paynes now, free delivery over £60.",
        ),
        (
            "u",
            "Wants the inspection reminder on Friday evening.",
            "She has moved her hive-check reminder to Thursday night these days, so Friday is free for shopping.",
        ),
    ),
    conflict_uncued=(
        ("m", "Oxalic acid dose: 5 ml per seam of bees.", "Oxalic trickle is 3.5 ml for each seam."),
        ("u", "Takes honey orders by WhatsApp only.", "Prefers honey orders to come in by email."),
    ),
    remote=(
        "The orchard hive scale is a Raspberry Pi: it logs weights to /home/pi/hivescale/data.csv, read over ssh as pi@hivescale.local.",
    ),
    gone=("The 2024 varroa count spreadsheet is ~/bees/varroa-2024.ods.",),
    fill=0.72,
    user_fill=0.6,
    folders=("~/bees/inspections", "~/bees/labels"),
)

WEDDINGS = Home(
    name="wedding-photo",
    kind="wedding photographer, sole trader, who hires a second shooter",
    memory=(
        "Client galleries expire after 12 months; couples can pay £40 to re-open one.",
        "Raw files are imported into ~/photo/clients-2026/<date>_<couple>/raw and culled in Photo Mechanic.",
        "Presets live in ~/photo/presets; 'Warm Film 3' is the house look.",
        "The balance is due 28 days before the wedding.",
        "Second shooter is Aisha Grant; mileage paid at 45p a mile on top.",
        "Kit: two Canon R6 II bodies, 24-70 f/2.8, 70-200 f/2.8, 35 f/1.4, two Godox V1 flashes.",
        "Public liability £5m with Photoguard, renews every 14 May.",
        "Travel beyond 50 miles from Bristol is charged at £0.60 a mile, plus a hotel if the venue is over 3 hours away.",
        "Albums come from Folio Albums, lead time about six weeks.",
        "Sneak peek: 10 edited images within 48 hours of the wedding.",
    ),
    user=(
        "Goes by Gemma; the business is Gemma Knight Photography.",
        "Emails to couples: warm but short, first names, no exclamation marks.",
        "Doesn't take bookings on Sundays in December.",
        "Likes each week's shoots listed with the venue postcode and sunset time.",
        "Never post to Instagram for her; draft the captions and she posts.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "The full-day package covers ten hours, from prep to the first dance.",
            "Full day coverage = 10 hrs (bridal prep through first dance).",
        ),
        (
            "overlap",
            "u",
            "Edits best in the mornings.",
            "Gemma edits in the mornings, 7 to 11, before any client calls; afternoons are for emails and admin.",
        ),
    ),
    differ=(
        ("m", "Weekday weddings: £1,900 for the full day.", "Saturday weddings: £2,400 for the full day."),
        (
            "m",
            "Gallery delivery for weddings: within 6 weeks.",
            "Gallery delivery for engagement shoots: within 2 weeks.",
        ),
    ),
    conflict=(
        ("m", "Booking deposit: 25% of the package.", "Since October the booking retainer is a third of the total."),
        (
            "m",
            "Client galleries are hosted on Pixieset.",
            "Moved every gallery over to Pic-Time in the summer and cancelled Pixieset.",
        ),
        (
            "u",
            "Likes the timeline call with couples four weeks before the day.",
            "Does the final run-of-day call 2 weeks out now; at four weeks couples forgot half of it.",
        ),
        (
            "m",
            "Editing is done in Lightroom Classic.",
            "Switched the main edit to Capture One 16 in October; Lightroom stays only for the old catalogues.",
        ),
    ),
    conflict_uncued=(
        ("m", "Aisha's day rate is £250.", "Second shooter day rate: £300."),
        ("u", "Prefers consultations with couples on Zoom.", "Wants couple consultations over FaceTime."),
    ),
    remote=(
        "Finished weddings are archived to the studio Synology at //studio-nas/photo-archive/<year>/ and to the Backblaze bucket gk-weddings-archive.",
    ),
    gone=("The 2023 wedding catalogue is ~/Pictures/Lightroom/2023-weddings.lrcat.",),
    fill=0.88,
    user_fill=0.65,
    folders=("~/photo/clients-2026", "~/photo/presets"),
)

BAKERY = Home(
    name="sourdough",
    kind="owner of a neighbourhood sourdough bakery with a small café counter",
    memory=(
        "Recipes are scaled from ~/bakery/recipes/*.yaml; hydration and salt are baker's percentages.",
        "Wholesale orders from cafés arrive by 14:00 for next-morning delivery and are kept in ~/bakery/orders/wholesale.csv.",
        "Levain is fed at 20:00 and 06:00, ratio 1:5:5.",
        "The deck oven is a three-deck Bongard; steam on the top deck is weak.",
        "Staff: Tomás (night baker), Priya (mornings), Lou (Saturday café).",
        "The allergen matrix must be redone whenever a recipe changes (Natasha's law labels on pre-packed items).",
        "Card terminal is Square; cash float £80.",
        "Shop is closed on Mondays.",
        "Cold room holds 4 °C; alarm if it is above 8 °C for 30 minutes.",
        "Food waste collection on Thursdays, bins out by 7.",
    ),
    user=(
        "Owner is Hannah; she works through the night before big Saturdays.",
        "Grams, never cups.",
        "Supplier emails formal, signed 'Hannah Ferris, Ferris & Daughter Bakery'.",
        "No messages after 21:00 unless the cold room alarm goes off.",
        "Talks Portuguese with Tomás ('bom dia, Tomás'); keep his rota notes in both languages.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Croissant dough gets 3 single folds.",
            "Lamination for the croissants: three letter-folds.",
        ),
        (
            "cross",
            "mu",
            "The weekly order summary goes to Hannah on Sunday night.",
            "Wants the week's orders summed up for her every Sunday evening.",
        ),
    ),
    differ=(
        ("m", "Small oven: preheat to 230 °C.", "Large oven: preheat to 250 °C."),
        ("m", "Weekday opening: 7:30-15:00.", "Saturday opening: 8:00-14:00."),
    ),
    conflict=(
        (
            "m",
            "Flour comes from Shipton Mill.",
            "We now order our flour from Gilchesters; Shipton's delivery charge got silly.",
        ),
        ("m", "The country loaf retails at £4.80.", "The big sourdough is £5.20 since the October price review."),
        ("m", "Salt is 2% in every bread.", "Cut the salt in the breads to 1.8% as of September."),
        (
            "u",
            "Wants the production list printed at 5 am.",
            "These days she'd rather see the bake list on the tablet at half past four.",
        ),
    ),
    conflict_uncued=(("m", "The café seats 18.", "There are 22 seats in the café."),),
    remote=(
        "Pre-orders come from Shopify; the till PC in the shop (TILL-01) saves the daily pick list to C:\\Users\\Shop\\PickLists\\.",
    ),
    gone=("The old costings are in ~/bakery/costings-2025.ods.",),
    fill=0.91,
    user_fill=0.4,
    folders=("~/bakery/recipes", "~/bakery/orders"),
)

HOMES = (DENTAL, FERRY, TIMETABLE, BEES, WEDDINGS, BAKERY)
