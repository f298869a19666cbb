# ruff: noqa: E501
"""Held-out set 4, part B: six homes (clinical trial site, ski school, landscape practice,
podcast editing, analytics engineering, a small web agency), written blind: contradictions in
versions, ports, zones, sizes, lists and named alternatives, next to two-subject look-alikes."""

from __future__ import annotations

from cleanup_corpus import Home

TRIAL = Home(
    name="trial-site",
    kind="clinical trial coordinator for a phase III asthma study at a hospital research unit",
    memory=(
        "ASTER-3 visit windows: ±3 days for visits 2-6, ±7 days after visit 6.",
        "Visit dates are worked out in ~/trials/ASTER-3/visits/schedule.xlsx from each participant's randomisation date.",
        "Monitoring follow-up letters are filed in ~/trials/ASTER-3/monitoring/ with the CRA's initials in the file name.",
        "Participant IDs are the site number 041 plus four digits (041-0087); names never go in email.",
        "Spirometry is done before the morning dose, with no reliever inhaler in the previous 6 hours.",
        "SAEs go to the sponsor within 24 hours of the site becoming aware.",
        "PI is Dr Mensah; sub-investigators Dr Roy and Dr Adeyemi.",
        "Participants' travel is reimbursed up to £30 a visit, against receipts.",
        "REC reference: 25/NW/0193.",
        "Central lab samples go by Marken, booked the day before, in the ambient box.",
    ),
    user=(
        "Ruth Okonjo, trial coordinator at the research unit since 2022.",
        "Never put a participant's initials and date of birth in the same message.",
        "Likes checklists with tick boxes rather than paragraphs.",
        "Works 08:00-16:00 Monday to Thursday; Fridays are admin from home.",
        "Anything that touches dosing must end with 'check against the protocol'.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Spirometry export files are capped at 2 GB per upload.",
            "The sponsor portal rejects any spirometry upload bigger than 2048 MB.",
        ),
        (
            "cross",
            "mu",
            "Dr Mensah signs eligibility only on Tuesdays and Fridays.",
            "Book Ruth's eligibility sign-offs with Dr Mensah for a Tuesday or a Friday; he won't sign on other days.",
        ),
    ),
    differ=(
        ("m", "Freezer A (plasma) runs at -80 °C.", "Freezer B (serum back-ups) runs at -20 °C."),
        ("m", "Cohort 1 target: 24 participants.", "Cohort 2 target: 36 participants."),
    ),
    conflict=(
        (
            "m",
            "Recruitment target for the site is 40 participants.",
            "At the October investigators' meeting the sponsor raised our enrolment goal to 55.",
        ),
        (
            "m",
            "Protocol version in use: 3.0.",
            "We have been on protocol v4.1 since the amendment was approved on 12 November.",
        ),
        (
            "u",
            "Wants the weekly recruitment figures on Monday at 9.",
            "Now prefers to get the recruitment numbers on Friday afternoon, so she can send them before the weekend.",
        ),
        (
            "m",
            "The ambient IMP store must stay below 25 °C.",
            "Per the new pharmacy manual the excursion limit for ambient drug storage is now 27 °C.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "The IMP fridge temperature log is checked twice a day.",
            "The study drug fridge log is checked once daily at 9:00.",
        ),
        ("u", "Prefers dates written DD-MMM-YYYY (03-NOV-2026).", "Wants dates in ISO form, 2026-11-03."),
    ),
    remote=("The investigator site file scans are on the R&D file server, rd-fs02:/trials/ASTER-3/ISF/.",),
    gone=("Screening logs from the pilot study are in ~/trials/ASTER-pilot/screening.xlsx.",),
    fill=0.94,
    user_fill=0.6,
    folders=("~/trials/ASTER-3/visits", "~/trials/ASTER-3/monitoring"),
)

SKI = Home(
    name="ski-school",
    kind="ski instructor who runs a small British ski school in Morzine for the winter",
    memory=(
        "Lesson bookings are exported from Bookeo to ~/ski/lessons/bookings.csv every evening.",
        "Invoices are numbered SK26-### and kept in ~/ski/invoices/.",
        "Instructors' lift pass is the Portes du Soleil season pass, renewed each November.",
        "Meeting point for group lessons: bottom of the Pleney lift, next to the ESF hut.",
        "Private lessons are 2 or 3 hours; a 3-hour lesson is 10% cheaper per hour.",
        "Children under 5 get private lessons only, 1 hour at most.",
        "Carte professionnelle renews every 5 years; next one due March 2028.",
        "Avalanche kit (transceiver, shovel, probe) is in the red bag; batteries checked every Monday.",
        "Season runs 19 December 2026 to 11 April 2027.",
        "The flat is in the Chablais building, third floor, 3B.",
    ),
    user=(
        "Goes by Tom; ex-army, BASI level 3.",
        "Snow and weather in centimetres and °C.",
        "No client messages before 07:30 or after 20:00.",
        "Likes the next day's lessons as a table: time, client, level, meeting point.",
        "Doesn't teach snowboarders; refer them to Ride Morzine.",
    ),
    same=(
        (
            "paraphrase",
            "u",
            "Lesson notes for parents go out in both French and English.",
            "Parents get the lesson note bilingually, en français et en anglais.",
        ),
        (
            "overlap",
            "m",
            "Group lessons are capped at 8.",
            "Group lessons are capped at 8 skiers; for under-12s the cap is 6, and a second instructor joins if more than 4 are beginners.",
        ),
    ),
    differ=(
        ("m", "Adult group lessons, 5 mornings: €245.", "Children's group lessons, 5 mornings: €215."),
        (
            "m",
            "Lucas teaches the Red group (intermediate) on weekday mornings.",
            "Élise teaches the Black group (advanced) on weekday mornings.",
        ),
    ),
    conflict=(
        ("m", "Private lesson rate: €75 an hour.", "The hourly private rate is €82 since the start of December."),
        (
            "m",
            "Morning group lessons start at 9:15.",
            "Group mornings begin at a quarter to ten now that the Pleney opens later.",
        ),
        ("u", "Flies home with easyJet, Geneva to Bristol.", "Switched from easyJet to Jet2 for trips home."),
        (
            "m",
            "The automatic SMS reminder to clients the night before is turned off.",
            "Since November Bookeo's evening-before text reminder is enabled.",
        ),
    ),
    conflict_uncued=(("m", "Ski locker at the Pleney base is no. 27.", "My ski locker is number 72."),),
    remote=("The Bookeo export is also copied to the VPS: ski@vps.morzine-ski.co.uk:/home/ski/backups/.",),
    fill=0.78,
    user_fill=0.5,
    folders=("~/ski/lessons", "~/ski/invoices"),
)

LANDSCAPE = Home(
    name="landscape",
    kind="landscape architect at a four-person practice designing parks and school grounds",
    memory=(
        "Rivermead Park drawings are in ~/projects/2611-rivermead-park/dwg; the planting plan is L-201.",
        "The Oakfield School playground scheme is in ~/projects/2604-oakfield-school; the client contact is the bursar, Mrs Ahmed.",
        "Drawing numbers: L-1xx general arrangement, L-2xx planting, L-3xx hard landscape details.",
        "Tree surveys to BS 5837:2012; root protection area radius = 12 × stem diameter.",
        "Play equipment to EN 1176; surfacing to EN 1177 for the critical fall height.",
        "Nursery stock from Hillier; bare-root season runs November to March.",
        "CAD is Vectorworks Landmark 2026 with the 'LA-A1' title block template.",
        "Work stage C is invoiced at 20% of the total fee.",
        "Rain gardens are sized at 10% of the impermeable catchment they drain.",
        "The practice's Friday crit is at 16:00 in the big room.",
    ),
    user=(
        "Clara Nyström; Swedish, signs thank-you notes with 'tack!'.",
        "Metric only; millimetres on details.",
        "Never suggest Leylandii or any invasive species, not even as screening.",
        "Prefers site visits in the morning, the light is better for photos.",
        "Client emails under 150 words.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Minimum path width in the park: 2 m, so two wheelchairs can pass.",
            "Paths must be at least 2000 mm wide for two wheelchair users to pass each other.",
        ),
        (
            "paraphrase",
            "u",
            "Latin names first, the common name in brackets.",
            "In planting schedules she wants the botanical name and then the common one in parentheses.",
        ),
    ),
    differ=(
        (
            "m",
            "Rivermead Park budget: £1.2m for landscape works.",
            "Oakfield School budget: £380k for landscape works.",
        ),
        ("m", "Planting plan scale for Rivermead is 1:200.", "Planting plan scale for Oakfield is 1:100."),
    ),
    conflict=(
        (
            "m",
            "Rivermead planning submission is due 15 January.",
            "The council pushed the Rivermead park application deadline back to 5 February.",
        ),
        (
            "m",
            "Topsoil depth for lawns: 150 mm.",
            "Grass areas now get 200 mm of topsoil, the new spec after the soil report.",
        ),
        (
            "u",
            "Likes drawings issued as PDF at A1.",
            "These days she wants issue sets at A3 reduced; nobody prints A1 any more.",
        ),
        (
            "u",
            "Her typeface on presentation boards is Gill Sans.",
            "Replaced Gill Sans with Futura on all the boards this year.",
        ),
    ),
    conflict_uncued=(
        ("m", "The Oakfield play area is 450 m².", "The Oakfield playground covers 520 square metres."),
        ("m", "The Rivermead site is 6.5 hectares.", "Rivermead Park site area: 8 ha."),
    ),
    remote=("Large aerial surveys are kept on the practice NAS: nas.lapractice.local/share/surveys/<job>/.",),
    gone=("The old Vectorworks 2023 libraries are in /opt/vectorworks2023/libraries/.",),
    fill=0.89,
    user_fill=0.35,
    folders=("~/projects/2611-rivermead-park", "~/projects/2604-oakfield-school"),
)

PODCAST = Home(
    name="podcast-edit",
    kind="freelance podcast producer who edits three shows",
    memory=(
        "Tidepool (science show) episodes are edited in ~/audio/shows/tidepool/<ep>/session.rpp.",
        "Slow Money sessions live in ~/audio/shows/slow-money; the host records on a Shure MV7.",
        "Loudness target: -16 LUFS integrated, true peak -1 dBTP.",
        "Intro music is licensed from Epidemic Sound on the annual plan.",
        "Transcripts come from Whisper large-v3 and are checked by hand for guests' names.",
        "Kitchen Table is recorded remotely on Riverside; guests get their link 24 h before.",
        "Episode art: 3000 × 3000 px JPEG, under 512 KB.",
        "Invoiced per finished episode; the Tidepool network pays net 30.",
        "Every session folder is mirrored nightly to the external SSD 'AUDIO2'.",
        "Ad reads get 'AD' markers in Reaper so the host can swap them later.",
    ),
    user=(
        "Ines; Portuguese-British, freelance since 2021.",
        "Leave natural breaths in; cutting 'ums' so tight that the breathing disappears is a no.",
        "Time codes as HH:MM:SS, no frames.",
        "Bullet points for anything with more than two steps.",
        "Doesn't want guests' email addresses kept in the notes.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Episodes are exported as 128 kbps mono MP3.",
            "Export format for every show: MP3, one channel, 128k.",
        ),
        (
            "cross",
            "mu",
            "Tidepool publishes on Wednesdays at 06:00 UK time.",
            "Wants each Tidepool episode live by 6 am (UK) every Wednesday.",
        ),
    ),
    differ=(
        ("m", "Tidepool episodes run 35-40 minutes.", "Kitchen Table episodes run 55-60 minutes."),
        ("m", "Tidepool rate: £180 per finished episode.", "Slow Money rate: £140 per finished episode."),
    ),
    conflict=(
        ("m", "DAW is Reaper 6.82.", "Upgraded Reaper to 7.27 last week; the old projects open fine."),
        (
            "m",
            "Noise reduction is done with iZotope RX 10.",
            "De-noising goes through Acon DeNoise 2 now; RX is no longer used.",
        ),
        ("u", "Prefers show notes in Google Docs.", "Moved all her show notes to Notion over the summer."),
        ("m", "Slow Money goes out fortnightly.", "As of October 2026 Slow Money is a weekly show."),
    ),
    conflict_uncued=(("u", "Her working hours are 10:00-18:00.", "Ines works 9 to 5 on weekdays."),),
    remote=(
        "The Slow Money host keeps her raw WAVs on her own laptop in ~/Music/SlowMoney/raw and sends them over by WeTransfer.",
    ),
    gone=("The old Audition templates are in ~/audio/templates-audition/.",),
    fill=0.86,
    user_fill=0.45,
    folders=("~/audio/shows/tidepool", "~/audio/shows/slow-money"),
)

ANALYTICS = Home(
    name="analytics-eng",
    kind="analytics engineer at an online furniture retailer (dbt, Snowflake, Looker)",
    memory=(
        "The dbt project is ~/code/dbt-warehouse; iterate with `dbt build --select state:modified+` against dev.",
        "LookML lives in ~/code/looker-models and deploys from main through Looker's Git integration.",
        "Snowflake warehouse for dev is TRANSFORM_XS; prod runs use TRANSFORM_M.",
        "Source freshness: orders must be under 2 h old, returns under 24 h.",
        "Fiscal year starts 1 February; weeks start on Sunday in all reports.",
        "Staging models are stg_<source>__<table>; marts are fct_ and dim_.",
        "PII columns carry the 'pii' tag and are masked for the ANALYST role.",
        "Revenue is stored as integer pence, GBP.",
        "On-call rota is PagerDuty schedule 'data-platform'.",
        "Snowflake credit budget is reviewed with finance every quarter.",
    ),
    user=(
        "Elin; based in Cardiff, in the London office on Tuesdays.",
        "CTEs rather than subqueries in any SQL the agent writes.",
        "No emoji in commit messages.",
        "Short answers: the SQL first, explanation after.",
        "Uses vim keybindings in every editor.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Never full-refresh fct_orders in prod.",
            "fct_orders must never be run with --full-refresh in prod: the rebuild takes about six hours and blocks the morning dashboards.",
        ),
        (
            "paraphrase",
            "u",
            "Prefers SQL keywords in lowercase.",
            "Elin writes select/from/where in small letters and wants suggested SQL to match.",
        ),
    ),
    differ=(
        ("m", "Looker prod instance: furnish.cloud.looker.com.", "Looker dev instance: furnish-dev.cloud.looker.com."),
        (
            "m",
            "The orders source syncs from Fivetran every 15 minutes.",
            "The returns source syncs from Fivetran every 6 hours.",
        ),
    ),
    conflict=(
        (
            "m",
            "dbt-core is pinned to 1.7.x.",
            "Upgraded the project to dbt 1.9; requirements now say dbt-core>=1.9,<1.10.",
        ),
        (
            "m",
            "The staging Postgres (app replica) listens on 5432.",
            "The pre-prod database is no longer on 5432: it moved to 6432 behind pgbouncer.",
        ),
        ("u", "Wants PR reviews from Marco.", "Reviews go to Priyanka now, Marco moved to the platform team."),
        (
            "m",
            "The dbt_nightly DAG starts at 02:00 UTC.",
            "Moved the nightly dbt run to 04:30 Europe/London so it comes after the Fivetran sync.",
        ),
    ),
    conflict_uncued=(
        ("m", "The nightly dbt build takes about 40 minutes.", "The full nightly build takes 1 h 10 min."),
        ("m", "Query timeout for the ANALYST role is 10 minutes.", "ANALYST queries are killed after 30 minutes."),
    ),
    remote=(
        "Airflow runs on the k8s cluster; the DAG files are inside the airflow-scheduler pod under /opt/airflow/dags/dbt/.",
    ),
    gone=("Old ad-hoc notebooks are in ~/code/adhoc-notebooks/.",),
    fill=0.97,
    user_fill=0.4,
    folders=("~/code/dbt-warehouse", "~/code/looker-models"),
)

WEB = Home(
    name="web-agency",
    kind="front-end developer at a small web agency building sites for local businesses",
    memory=(
        "The Harbour Café site is ~/sites/harbour-cafe, an Astro 4 project.",
        "Greenway Garage is WordPress; the local copy is ~/sites/greenway-garage, run with LocalWP.",
        "Client content arrives in Google Drive folders named <client>-content.",
        "Images are exported at 2x as WebP, quality 80.",
        "Static sites are hosted on Netlify, team 'tidewater-studio'.",
        "Accessibility target is WCAG 2.2 AA; run axe before every handover.",
        "Invoices go out from FreeAgent on the 25th.",
        "Fonts are self-hosted; never link Google Fonts (GDPR complaint in 2024).",
        "The café owner edits the menu JSON through Decap CMS.",
        "Browserslist: last 2 versions, not dead, > 0.5% in GB.",
    ),
    user=(
        "Name's Kit; pronouns they/them.",
        "Wants commit messages in the imperative, under 60 characters.",
        "Prefers Tailwind over hand-written CSS for new builds.",
        "Don't suggest page builders (Elementor, Divi) for client sites.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Node 20 LTS for every project.",
            "All client builds use the Node 20 long-term-support line.",
        ),
        (
            "cross",
            "mu",
            "Every handover includes a 30-minute Loom walkthrough for the client.",
            "Likes to record a half-hour Loom video for each client at handover.",
        ),
    ),
    differ=(
        ("m", "Harbour Café dev server runs on port 4321.", "Greenway Garage local site runs on port 10004."),
        (
            "u",
            "Mondays: Kit works in the agency office in Falmouth.",
            "Thursdays: Kit works in the agency office in Truro.",
        ),
    ),
    conflict=(
        ("m", "Greenway Garage runs PHP 8.1.", "The host upgraded the garage site to PHP 8.3 in October."),
        (
            "u",
            "Editor is VS Code with the Prettier extension.",
            "Switched from VS Code to Zed these days; Prettier still runs from the CLI.",
        ),
        (
            "m",
            "Staging sites are protected with basic auth.",
            "Turned off basic auth on staging; Netlify's site password is used instead.",
        ),
        (
            "u",
            "The weekly summary should cover Harbour Café, Greenway Garage and Porthleven Books.",
            "Dropped Porthleven Books from the weekly summary now it is handed over; just the café and the garage.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Our Netlify plan includes 300 build minutes a month.",
            "Netlify build minutes on our plan: 25,000 a month.",
        ),
    ),
    remote=(
        "Greenway Garage's live WordPress is on the client's cPanel host (greenwaygarage.co.uk), document root /home/greenway/public_html/.",
    ),
    gone=("The old Gulp build for the agency starter template is in ~/sites/agency-starter-gulp/.",),
    fill=0.92,
    user_fill=0.3,
    folders=("~/sites/harbour-cafe", "~/sites/greenway-garage"),
)

HOMES = (TRIAL, SKI, LANDSCAPE, PODCAST, ANALYTICS, WEB)
