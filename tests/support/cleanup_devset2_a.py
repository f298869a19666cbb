# ruff: noqa: E501
"""Development set 2, part A: six homes (nurse, landlord, ecology PhD, chef, allotment, travel agent).

Written blind to the clean-up method; see cleanup_devset2.py for the labelling guide.
"""

from __future__ import annotations

from cleanup_corpus import Home

NURSE = Home(
    name="nurse-rota",
    kind="a ward sister who plans the nursing shift rota",
    memory=(
        "Rota working copies live in ~/rota; the agent edits the CSV exports there, never the master .xlsx.",
        "Ward 6B: 28 beds. Safe staffing on nights = 4 RNs + 2 HCAs minimum.",
        "Shift codes: E 07:00-15:30, L 13:00-21:30, N 21:00-07:30, LD (long day) 07:00-19:30.",
        "Annual leave requests close on the 15th of the month before the rota is published.",
        "The trust's e-rostering system is HealthRoster; its exports are UTF-8 CSV with a BOM, so strip it before parsing.",
        "Bank shifts are booked through NHSP; the agent only drafts the request text, Priya submits it.",
        "Two staff are on a phased return: shifts capped at 8 h until their occupational health review.",
        "Fire warden and BLS training are yearly; the compliance matrix is the 'Mandatory' tab.",
        "Handover format is SBAR, aiming for about 90 seconds per patient.",
        "Audit scripts (falls, pressure ulcers) are kept in ~/nhs-audit.",
        "Sunday and bank holiday enhancements are paid at time plus 60%.",
        "When the rota has a gap, fixes go in this order: ask part-timers for extra hours, then bank through NHSP, and agency only with the matron's written approval, because an agency nurse costs about £62 an hour against £24 for bank; drafts follow that order.",
    ),
    user=(
        "Prefers the rota summarised as one table per week, Monday first.",
        "Works nights most weeks, so anything sent before 14:00 should be short.",
        "Likes British spelling (organise, colour) in anything that goes to staff.",
        "Priya has been ward sister on 6B since 2023.",
        "Does not want colleagues' full names in drafts; initials only.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Never schedule anyone for more than three consecutive night shifts.",
            "Max run of nights per person: 3 in a row, no exceptions on the rota.",
        ),
        (
            "overlap",
            "m",
            "Rota is published 6 weeks ahead.",
            "The rota goes out six weeks in advance, on the first Monday of the month, once the matron has signed it off; later changes go through the swap form.",
        ),
        (
            "cross",
            "mu",
            "Shift swaps must be approved by the ward sister before they are entered in HealthRoster.",
            "Priya wants to approve every shift swap herself before anything goes into HealthRoster.",
        ),
    ),
    differ=(
        (
            "m",
            "Night shift handover on 6B starts at 07:30 in the staff room.",
            "Night shift handover on 6A starts at 07:15 at the nurses' station.",
        ),
    ),
    conflict=(
        (
            "m",
            "Leave requests are collected in the paper diary at the nurses' station.",
            "Leave requests now come in through the ward's Microsoft Form; the paper diary was retired in October.",
        ),
        (
            "u",
            "Priya is contracted for 37.5 hours a week.",
            "Since going part-time in September, Priya works a 30-hour contract.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The 6B nurse-in-charge bleep is 4417.",
            "Bleep for whoever is in charge on 6B: 4471.",
        ),
    ),
    remote=(
        "On the trust file server fs02 the master rota is under /shares/wards/6B/rota/ (hospital network only).",
        "Priya's phone keeps photos of the paper rota in /storage/emulated/0/DCIM/Rota; they sync to OneDrive overnight.",
    ),
    gone=("Last year's rotas were archived to ~/rota-archive-2025 before the switch to HealthRoster.",),
    fill=0.91,
    user_fill=0.55,
    folders=("~/rota", "~/nhs-audit"),
)

LANDLORD = Home(
    name="landlord-flats",
    kind="a private landlord letting three flats himself",
    memory=(
        "Flat 1 is 14 Elm Road, ground floor; current tenants since May 2022.",
        "Deposits are protected with the DPS; certificate numbers are in each flat's tenancy pack.",
        "Letting paperwork lives in ~/lettings, one subfolder per flat.",
        "Flat 3 mortgage: Nationwide, fixed 4.19% until 2028-06.",
        "Rental income goes on the SA105 pages; the accountant wants the year's figures by 31 October.",
        "Plumber: Dev at DK Plumbing, 07700 900123, emergency callout £85 plus parts.",
        "The agent drafts tenant emails but never sends them; Tom copies them into Gmail himself.",
        "EICRs for all three flats were done in February 2025; next ones due February 2030.",
        "Flat 3 stood empty for three weeks in August 2025 and the council still charged full council tax.",
        "The rent ledger scripts are in ~/code/rentledger (Python 3.12, pandas, one CSV per tax year).",
    ),
    user=(
        "I'm Tom; I manage the flats myself on evenings and weekends, no letting agent.",
        "Keep tenant communication polite but firm; no exclamation marks.",
        "I like money written as £1,234.56 with the pound sign, never 'GBP'.",
        "Tom hates phone calls; suggest email or WhatsApp first.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "I don't take tenant calls after 20:00 unless something is flooding or on fire.",
            "Tom prefers tenants to reach him before eight in the evening; only genuine emergencies later.",
        ),
        (
            "overlap",
            "m",
            "Rent reminders go out on the 25th.",
            "Rent reminders are sent on the 25th of each month by WhatsApp with the amount, the flat and the sort code, plus a second nudge on the 3rd if nothing has arrived.",
        ),
        (
            "cross",
            "mu",
            "Tenants must get a copy of the gas safety certificate within 28 days of the check.",
            "Tom wants the CP12 copy handed to each tenant within four weeks of the annual gas inspection.",
        ),
    ),
    differ=(
        (
            "m",
            "Flat 2 rent is £1,150 a month, standing order on the 1st.",
            "Flat 3 rent is £925 a month, standing order on the 5th.",
        ),
    ),
    conflict=(
        (
            "m",
            "Landlord insurance is with Direct Line and renews in April.",
            "At the April renewal I switched landlord cover from Direct Line to Simply Business.",
        ),
        (
            "m",
            "The inventory clerk charges £120 per check-in report.",
            "Check-in inventories cost £145 a flat since the clerk put her prices up for 2026.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Flat 1 smoke alarms are tested every 3 months.",
            "Smoke alarms in Flat 1 get tested every six months.",
        ),
    ),
    remote=(
        "Scanned tenancy agreements are backed up on the Synology NAS in the loft: nas.local:/volume1/lettings/scans.",
        "The rent ledger's nightly CSV dumps land on the VPS at tom@vps-lon1:/srv/rentledger/data.",
    ),
    gone=("Inventory photos from Flat 2's 2021 check-in were in ~/Pictures/flat2-inventory-2021.",),
    fill=0.88,
    user_fill=0.5,
    folders=("~/lettings", "~/code/rentledger"),
)

ECOLOGY = Home(
    name="phd-ecology",
    kind="a PhD student in ecology studying moth populations",
    memory=(
        "Thesis repo: ~/phd/thesis (LaTeX + biber, build with latexmk -pdf).",
        "Field sites: Wytham W1-W6 plus two farm sites, F1 and F2; Robinson light traps at all eight.",
        "Analysis is in R with lme4 and glmmTMB; never update packages mid-chapter, the renv lockfile is law.",
        "Moth counts are per trap-night; zero nights are recorded, never dropped.",
        "Species codes follow the Agassiz checklist numbers (e.g. 2107 = Large Yellow Underwing).",
        "Weather covariates come from the Radcliffe Met Station daily file: Tmin in °C, rain in mm, wind in m/s.",
        "Supervision meetings are fortnightly; notes go on the lab wiki, not in the repo.",
        "Landowner permission letters must be renewed every season before the first trap night.",
        "Chapter 3 models: negative binomial, site as a random effect, night-of-year as a smooth.",
        "Data cleaning lives in ~/phd/moth-data; run make clean-data before fitting anything.",
        "BES Annual Meeting abstract deadline is usually late June.",
        "Trap-night protocol: traps on 30 minutes before sunset and off at dawn; egg boxes checked top to bottom; anything unidentified is potted, photographed on the grey card and keyed out at the station that morning, and micro-moths go to Dave for dissection if needed.",
    ),
    user=(
        "Call me Sam. Third-year PhD, funded until September 2027.",
        "I write British English, but species names stay in Latin italics (\\textit{}).",
        "Plots must use viridis or Okabe-Ito colours; never red against green.",
        "Long answers overwhelm me; give me the code first and the explanation after.",
        "Sam often works from the field station on a weak 3G signal, so keep downloads small.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Trap nights with more than 5 mm of rain are flagged, not excluded.",
            "Don't drop wet nights: anything above five millimetres of rainfall just gets the flag column set.",
        ),
        (
            "overlap",
            "m",
            "Bootstrapped CIs use 999 resamples.",
            "Confidence intervals are bootstrapped with 999 resamples (seed 4242, boot.ci type 'perc') so that every figure reproduces exactly.",
        ),
        (
            "cross",
            "mu",
            "Thesis figures are exported as PDF at 160 mm width.",
            "Sam wants every thesis figure saved as a PDF, 16 cm wide.",
        ),
    ),
    differ=(
        (
            "m",
            "Wytham traps are emptied at 06:00 BST.",
            "Farm traps F1/F2 are emptied at 07:30 BST.",
        ),
        (
            "u",
            "Sam's supervisor is Dr Helen Okafor (population dynamics).",
            "Sam's co-supervisor is Prof. Mark Feld (statistics).",
        ),
    ),
    conflict=(
        (
            "m",
            "Thesis submission deadline: 30 September 2027.",
            "The extension came through, so the thesis is now due on 31 January 2028.",
        ),
        (
            "m",
            "renv snapshot is pinned to R 4.3.2.",
            "Upgraded the project to R 4.4.1 in March and re-snapshotted renv afterwards.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The Robinson traps use 125 W mercury vapour bulbs.",
            "Robinson traps run 160 W MBTF bulbs.",
        ),
    ),
    remote=(
        "Raw trap photos are on the department cluster, sam@bio-hpc:/data/ecology/moths/raw (200 GB, do not copy locally).",
        "The field laptop at Wytham keeps the day sheets in C:\\Users\\field\\MothSheets.",
    ),
    gone=("Pilot season data (2024) sits in ~/phd/pilot-2024; only chapter 2's power analysis uses it.",),
    fill=0.94,
    user_fill=0.62,
    folders=("~/phd/thesis", "~/phd/moth-data"),
)

CHEF = Home(
    name="chef-bistro",
    kind="the chef-owner of a 40-cover bistro",
    memory=(
        "Bistro Lumière: 40 seats, open Wed-Sun, dinner only apart from Sunday lunch.",
        "Walk-in fridge must read 1-4 °C and the freezer -18 °C or colder; both logged twice a day.",
        "The allergen matrix covers the 14 UK allergens and is reprinted whenever a dish changes.",
        "Fish from Kernow Seafood: order by 14:00 for next-day delivery.",
        "Menu costings target 70% gross margin on food, 65% on wine.",
        "Staff meal 16:30, before service.",
        "Costing sheets and menu drafts are kept in ~/kitchen/menus.",
        "Mise en place lists are printed per section: garde manger, sauce, pastry.",
        "Sourdough levain is fed at 08:00 and 20:00; bread is baked in-house daily.",
        "Prep lists use metric only (g, kg, ml, l), never cups.",
    ),
    user=(
        "I'm Luc, chef and owner; French is my first language, so menu French must be correct (crème brûlée, accents kept).",
        "Luc reads ideas on his phone between services: bullet points, please.",
        "No trendy foams or gels; he cooks classic bistro food.",
        "Luc only answers messages after 23:00 on service days.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "Never put more than seven mains on the menu.",
            "Luc prefers a short carte, seven main courses at most.",
        ),
        (
            "overlap",
            "m",
            "Dairy comes from Trewithen.",
            "Dairy supplier is Trewithen Dairy (butter, double cream, crème fraîche), delivering Tuesday and Friday; the standing order can be changed by phone until Wednesday noon.",
        ),
        (
            "cross",
            "mu",
            "Tips go through the tronc: 60% front of house, 40% kitchen.",
            "Luc wants the tronc shared sixty-forty between the floor and the kitchen.",
        ),
        (
            "paraphrase",
            "m",
            "Sunday roast is beef sirloin, carved to order, 180 g a portion.",
            "Portion for Sunday lunch: one hundred and eighty grams of sirloin, sliced when the table orders.",
        ),
    ),
    differ=(
        (
            "m",
            "Kitchen porter Jamal works Wed-Fri, 15:00 to close.",
            "Kitchen porter Ana works Sat-Sun, 10:00 to close.",
        ),
    ),
    conflict=(
        (
            "m",
            "Gas and electricity are with British Gas Business.",
            "We moved the energy contract over to Octopus for Business in October.",
        ),
        (
            "m",
            "Tasting menu: five courses, £55.",
            "This season the five-course tasting menu went up to £62 a head.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "On a normal night we do about 38 covers.",
            "Average covers per service: 52.",
        ),
    ),
    remote=(
        "The kitchen tablet stores the HACCP temperature logs in /sdcard/Documents/HACCP and syncs them to Google Drive on Sundays.",
        "Menu PDFs for the website go to the hosting at bistrolumiere.fr:/public_html/menus/.",
    ),
    gone=("Supplier invoices from 2024 were scanned into ~/kitchen/invoices-2024.",),
    fill=0.87,
    user_fill=0.45,
    folders=("~/kitchen/menus",),
)

ALLOTMENT = Home(
    name="allotment",
    kind="a retired teacher who keeps an allotment plot",
    memory=(
        "Plot 27 at Hillside Allotments, 10 rods (about 250 m²).",
        "Four-bed rotation: brassicas, then legumes, then roots, then potatoes and alliums, moving one bed a year.",
        "Soil is heavy clay, pH about 6.8; two barrows of compost per bed every autumn.",
        "Three 200 l water butts; the site trough tap is turned off November to March.",
        "Planting diary spreadsheet and bed photos are kept in ~/garden.",
        "Seed potatoes: Charlotte (second early) and Sarpo Mira (maincrop, blight resistant).",
        "Slug control is beer traps and wool pellets only, no metaldehyde.",
        "Committee meets the first Thursday of the month, 19:00, in the hut.",
        "Frost dates used for planning: last frost around 10 May, first frost mid-October.",
        "Margaret on plot 26 shares the rotavator; it has to be booked a week ahead.",
    ),
    user=(
        "My name is Gwen, I'm 68 and I use a tablet, so large clear text please.",
        "I don't like chemical solutions; suggest organic methods.",
        "Gwen likes answers laid out month by month.",
        "Uses Celsius and metric, though she knows rods and feet from the allotment society.",
        "Rather not be asked lots of questions; make a sensible guess.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Tomatoes go in the polytunnel, not outside, because of blight.",
            "Because blight comes every year, outdoor tomatoes are out: all of them are grown under the polytunnel.",
        ),
        (
            "overlap",
            "m",
            "Garlic is planted in November.",
            "Garlic (Germidour and Solent Wight) goes in during November, cloves 15 cm apart in rows 30 cm apart, mulched with leaf mould afterwards.",
        ),
        (
            "cross",
            "mu",
            "Beds 3 and 4 are no-dig: cardboard and compost, never turned over.",
            "Gwen prefers no-dig for beds three and four and doesn't want to be told to dig them.",
        ),
    ),
    differ=(
        (
            "m",
            "The main gate code is 4812.",
            "The tool-shed padlock code is 1948.",
        ),
    ),
    conflict=(
        (
            "m",
            "Plot rent: £62 per year, paid at the AGM.",
            "The committee raised plot rents to £74 from this year's AGM onwards.",
        ),
        (
            "u",
            "Gwen goes to the plot on Tuesdays and Fridays.",
            "These days Gwen's plot mornings are Monday and Thursday, since she started minding her grandson.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Runner beans are sown direct in the last week of May.",
            "Runner beans are started indoors in pots in mid-April.",
        ),
    ),
    remote=(
        "The society's plot map is on the secretary's laptop, C:\\Allotments\\plotmap.xlsx; ask Dennis for a copy.",
        "The seed-swap list lives on the society's web host under /var/www/hillside/seedswap/.",
    ),
    gone=("Readings from the old rain gauge were in ~/garden-old/raingauge.csv.",),
    fill=0.72,
    user_fill=0.6,
    folders=("~/garden",),
)

TRAVEL = Home(
    name="travel-agent",
    kind="an independent travel agent selling tailor-made trips",
    memory=(
        "Agency: Viajes Marta, ABTA P1234, ATOL 11223; clients mostly UK to Spain and Latin America.",
        "GDS is Amadeus; PNR remarks starting RM* are internal notes.",
        "Client files live in ~/clientes, one folder per surname.",
        "Tailor-made trips: 25% deposit, balance due 10 weeks before departure.",
        "Travel insurance partner is Campbell Irvine, 20% commission.",
        "Machu Picchu permits for June-August sell out three to four months ahead.",
        "Zones that keep coming up: Lima UTC-5, Madrid CET/CEST, Cancún UTC-5 with no DST.",
        "Every itinerary PDF carries the ATOL certificate on page 1.",
        "Cusco ground handler: Andean Trails SAC, contact Rosa, WhatsApp only.",
        "The itinerary builder is in ~/tools/itinerary-builder (Node 20; npm run build makes the PDFs).",
        "Groups of 10 or more: airline group quotes are held for 72 hours, names are due 30 days before departure, and a name change after that costs €50 per person on Iberia; the group leader gets all three dates in the first email.",
    ),
    user=(
        "Soy Marta. I switch between Spanish and English; answer in whichever I wrote in.",
        "Prefers itineraries as day-by-day tables with local times.",
        "Marta dislikes emoji in anything a client will see.",
        "Office hours 09:30-18:00 UK time, Saturdays until 13:00.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Flights to Latin America need at least a 2h connection in Madrid.",
            "Minimum connection time I allow at Barajas before a Latin American onward flight: two hours.",
        ),
        (
            "cross",
            "mu",
            "Passports must be valid six months beyond the return date for Peru and Mexico.",
            "Marta always checks that the client's passport has 6 months left after the return date before booking Peru or Mexico.",
        ),
        (
            "overlap",
            "u",
            "Marta wants prices in euros.",
            "Marta wants quotes in euros with the sterling equivalent underneath, rounded to the nearest 5, and VAT on margin shown separately.",
        ),
    ),
    differ=(
        (
            "m",
            "Iberia group desk: +34 91 587 1234, 08:00-20:00 CET.",
            "British Airways group desk: +44 344 493 0120, 08:00-18:00 UK time.",
        ),
        (
            "m",
            "Client Johnson (honeymoon) flies to Lima on 12 June.",
            "Client Johnston (family of four) flies to Cancún on 12 July.",
        ),
    ),
    conflict=(
        (
            "m",
            "Iberia pays 1% commission on long-haul.",
            "Iberia cut long-haul commission to zero from 1 March, so we add a €35 service fee instead.",
        ),
        (
            "m",
            "The coworking desk costs £240 a month.",
            "Since the spring refurbishment my desk at the coworking is £275 monthly.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "ABTA renewal is due each September.",
            "ABTA membership renews in March.",
        ),
    ),
    remote=(
        "Amadeus queue reports are saved on the reception PC (VM-RECEPCION) in D:\\Reports\\Queues.",
        "The brochure PDFs sit on Hostinger under /home/u48213/domains/viajesmarta.co.uk/public_html/brochures.",
    ),
    gone=("2025 supplier contracts were scanned into ~/Documents/contratos-2025.",),
    fill=0.95,
    user_fill=0.58,
    folders=("~/clientes", "~/tools/itinerary-builder"),
)

HOMES = (NURSE, LANDLORD, ECOLOGY, CHEF, ALLOTMENT, TRAVEL)
