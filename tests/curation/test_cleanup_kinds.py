"""Four kinds of miss independent homes showed, each on a real temporary home: contradictions whose
sentences differ beyond the value, one fact restated in another shape, paths on another
machine, and evidence that misleads (a live fact ranked for removal, a path "not found" where
the agent does not run). Each but the look-alike guards failed on the earlier method."""

from __future__ import annotations

from pathlib import Path

import pytest
from cleanup_corpus import agent_ran_in
from cleanup_support import pick_until_goal

from hermes_dash import MemoryStore, resolve_home
from hermes_dash.curation import cleanup
from hermes_dash.engine.rules.format import serialise, usage


def home_of(
    root: Path, memory: list[str], user: list[str], *, fill: float = 0.0, ran_in: tuple[str, ...] = ()
) -> MemoryStore:
    """A home as ``root/.hermes``; ``fill`` > 0 makes MEMORY.md that full; its agent ran in ``ran_in``."""
    home = root / ".hermes"
    (home / "memories").mkdir(parents=True)
    (home / "memories" / "MEMORY.md").write_text(serialise(memory), encoding="utf-8")
    (home / "memories" / "USER.md").write_text(serialise(user), encoding="utf-8")
    limit = int(usage(memory) / fill) if fill else usage(memory) + 2000
    (home / "config.yaml").write_text(
        f"memory:\n  memory_char_limit: {limit}\n  user_char_limit: {usage(user) + 2000}\n", encoding="utf-8"
    )
    if ran_in:
        agent_ran_in(home, *ran_in)
    return MemoryStore(resolve_home(home))


FILLER = [
    "Payments go through Mollie; its webhooks arrive at the payments endpoint.",
    "Use pnpm in the frontend, never npm or yarn.",
    "The staging database is refreshed from a production dump every Sunday night.",
]

# -- 1. contradictions by subject and value --------------------------------------------------------


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        (
            "Redis runs on port 6379 on localhost.",
            "Redis was moved to port 6380 last week; 6379 is now used by nothing.",
        ),
        ("Two part-time bakers work the Saturday shift.", "We now have three bakers on Saturdays."),
        (
            "The weekly supplier call is on Tuesdays at 10:00 CET.",
            "Since the supplier moved to Lisbon, our weekly call is at 9:00 WET on Tuesdays.",
        ),
        ("Each field laptop has a 256 GB SSD.", "The field laptops were upgraded to 1 TB SSDs."),
        ("Alerts go to PagerDuty.", "Alerting switched from PagerDuty to Opsgenie."),
        ("The working title is The Salt House.", "The working title changed to Lantern Weather in May."),
    ],
    ids=["port", "count", "time-zone", "size", "alternative", "name"],
)
def test_a_reworded_contradiction_is_surfaced_with_the_newer_first_and_never_merged(tmp_path, older, newer):
    report = cleanup.suggest(home_of(tmp_path, [older, *FILLER, newer], ["Name: Lena."]))
    assert [(c.first, c.second, c.newer) for c in report.contradictions] == [(newer, older, 0)]
    assert not [m for m in report.merges if {m.keep, m.drop} == {older, newer}]


def test_without_a_change_cue_both_are_shown_and_the_person_picks(tmp_path):
    pair = ("The shop opens at 7:00 on weekdays.", "Weekday opening time is 6:30.")
    [found] = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Jutta."])).contradictions
    assert {found.first, found.second} == set(pair) and found.newer is None and found.older is None


@pytest.mark.parametrize(
    "pair",
    [
        ("Small mugs hold 250 ml.", "Large mugs hold 400 ml."),
        ("The word limit is 80,000 words excluding appendices.", "The abstract limit is 300 words."),
        ("The rye dough proves for 3 hours at 24 °C.", "The sourdough proves for 12 hours at 5 °C."),
        ("eu-west-1 runs 6 app nodes.", "us-east-1 runs 4 app nodes now."),
    ],
)
def test_two_subjects_with_two_values_are_look_alikes_not_a_contradiction(tmp_path, pair):
    report = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."]))
    assert report.contradictions == () and report.merges == ()


# -- 2. one fact in another shape --------------------------------------------------------------------


def test_a_short_entry_folded_into_a_longer_one_and_a_rule_restated_as_a_preference_are_found(tmp_path):
    short = "Drafts are written in Scrivener."
    longer = "Drafts are written in Scrivener and compiled to DOCX for the editor; the project syncs through Dropbox."
    rule, pref = "Alex uses they/them pronouns.", "Pronouns: they/them."
    report = cleanup.suggest(home_of(tmp_path, [short, *FILLER, longer, rule], [pref, "Name: Alex."]))
    assert [(m.keep, m.drop) for m in report.merges] == [(longer, short)]
    assert [(c.memory_entry, c.user_entry) for c in report.cross] == [(rule, pref)]


# -- 3. paths on another machine ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        "Nginx config is /etc/nginx/sites-enabled/shop on web-1.",
        "The cron jobs live in /etc/cron.d/shop inside the app container.",
        "Finished chapters are backed up to /home/mireille/writing on the Synology NAS.",
        "Product photos sync to /home/aoife/DCIM/Shop on my phone.",
        "The production media files are in /srv/shop/media on the Hetzner server.",
        "Raw logger files land in /home/field/incoming on fs-01.",
        "Source files are in /home/dev/workspace inside the devcontainer.",
        "The old Mac kept exports in /home/anna/Exports.",
        "Uploads land in /srv/ftp on the client's FTP server.",
    ],
)
def test_a_path_on_a_named_host_container_platform_or_device_is_never_looked_up(tmp_path, entry):
    store = home_of(tmp_path, [entry, *FILLER], ["Name: Sam."], ran_in=(str(tmp_path),))
    report = cleanup.suggest(store)
    assert report.stale == () and report.paths.checked == ()


def test_a_path_outside_the_agents_home_whose_folder_is_not_here_is_not_called_not_found(tmp_path):
    """No host named, yet ``/opt/render/exports`` with no ``/opt/render`` here belongs to some other
    machine; a file gone from a folder that is here, or from the agent's home, is still found."""
    (tmp_path / "src" / "app").mkdir(parents=True)
    (tmp_path / "tmp-here").mkdir()
    elsewhere = "Render exports end up in /opt/render-farm-x/exports/final, one folder per shot."
    gone_here = f"The scratch notes were kept in {tmp_path}/tmp-here/scratch.md."
    gone_home = "The old mockups are in ~/src/mockups-2023/."
    store = home_of(
        tmp_path, [elsewhere, gone_here, gone_home, *FILLER], ["Name: Ada."], ran_in=(str(tmp_path / "src" / "app"),)
    )
    report = cleanup.suggest(store)
    assert {s.entry for s in report.stale} == {gone_here, gone_home}


# -- 4. evidence that never misleads -----------------------------------------------------------------


def test_nothing_is_called_not_found_when_the_agent_runs_elsewhere(tmp_path):
    checkout = "The shop frontend is a Vue 3 app built with Vite; the checkout is ~/src/shopfront."
    store = home_of(tmp_path, [checkout, *FILLER], ["Name: Lena."], ran_in=("/home/lena/src/shopfront",))
    report = cleanup.suggest(store)
    assert report.stale == () and "/home/lena/src/shopfront" in report.paths.summary()
    alone = cleanup.suggest(home_of(tmp_path / "b", [checkout, *FILLER], ["Name: Lena."]))  # no state.db
    assert alone.stale == () and "record no working folder" in alone.paths.summary()


def test_tilde_is_the_agent_users_home_and_paths_are_looked_up_where_it_runs(tmp_path):
    (tmp_path / "src" / "shopfront").mkdir(parents=True)
    live = "The shop frontend is a Vue 3 app built with Vite; the checkout is ~/src/shopfront."
    gone = "The old Angular admin lived in ~/src/shop-admin-legacy; build it with ng build."
    store = home_of(tmp_path, [live, gone, *FILLER], ["Name: Lena."], ran_in=(str(tmp_path / "src" / "shopfront"),))
    report = cleanup.suggest(store)  # ~ is tmp_path: the folder holding .hermes
    assert [(s.entry, s.checked) for s in report.stale] == [(gone, (f"{tmp_path}/src/shop-admin-legacy",))]
    assert f"{tmp_path}/src/shopfront" in report.paths.checked


def test_the_superseded_and_the_duplicated_come_first_and_no_live_fact_ranks_above_them(tmp_path):
    """The Redis / Vite home at 91%: the stale port first, the redundant Vite entry merged, the
    newer port and the live checkout last, and following the list keeps every live fact."""
    (tmp_path / "src" / "shopfront" / "api" / ".venv").mkdir(parents=True)
    old, new = (
        "Redis runs on port 6379 on localhost.",
        "Redis was moved to port 6380 last week; 6379 is now used by nothing.",
    )
    vite = (
        "The Vite dev server runs on port 5173 and `vite preview` on 4173.",
        "Vite ports: preview 4173, dev server 5173.",
    )
    live = [
        "The shop frontend is a Vue 3 app built with Vite; the checkout is ~/src/shopfront.",
        "The API's virtualenv is ~/src/shopfront/api/.venv; activate it before any manage.py command.",
        "Celery beat schedules the nightly stock sync at 01:30 Europe/Berlin.",
        *FILLER,
    ]
    memory = [live[0], old, vite[0], *live[1:4], new, vite[1], *live[4:]]
    store = home_of(tmp_path, memory, ["Name: Lena."], fill=0.91, ran_in=(str(tmp_path / "src" / "shopfront"),))
    report = cleanup.suggest(store)
    plan = report.plans["memory"]
    assert {e for s in plan.steps if s.kind == "merge" for e in s.entries} == set(vite)
    assert plan.ranked[0].entry == old and plan.ranked[0].evidence == "superseded"
    assert plan.ranked[-1].entry == new and plan.ranked[-1].evidence == "newer value"
    assert not any(c.evidence == "not found here" for c in plan.ranked)
    # Taking the candidates in order until the goal removes only the superseded entry.
    chosen, picks = pick_until_goal(plan)
    assert chosen.reaches_goal and picks == [old]
    cleanup.apply_plan(store, chosen)
    after = store.read("memory").entries
    assert all(e in after for e in [*live, new]) and old not in after
    assert any("5173" in e and "4173" in e for e in after)


def test_working_folders_are_read_from_the_agents_own_state_db(tmp_path):
    from agent_db import build_state_db, require_agent

    from hermes_dash.engine.views.sessions import working_folders

    require_agent()
    home = tmp_path / ".hermes"
    (home / "memories").mkdir(parents=True)
    build_state_db(home, [{"id": "a", "cwd": "/srv/one"}, {"id": "b", "cwd": "/home/x/two"}, {"id": "c"}])
    assert set(working_folders(home / "state.db")) == {"/srv/one", "/home/x/two"}
    assert working_folders(tmp_path / "nothing.db") == ()


# -- the second development set's kinds (text written for these tests) -------------------------------


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("The shop closes at 18:00 on Saturdays.", "Since the autumn the shop closes at half past four on Saturdays."),
        ("Our SLA response time is 4 hours.", "The service level agreement now promises a response within 2 hours."),
        (
            "Invoices are tracked in the green ledger book.",
            "Invoices now go into FreeAgent; the green ledger book was retired in May.",
        ),
        ("Fire drills happen quarterly.", "Fire drills are now held twice a year."),
        ("The farmhouse was built around 1870.", "The farmhouse is now dated to c.1852, after the deeds turned up."),
        ("The grant covers 1.2M GPU-hours.", "After the top-up the grant now covers 1.5 million GPU-hours."),
        ("The dairy order is with Hollis Farm.", "We replaced Hollis with Brook Dairy for the milk order."),
    ],
    ids=["time-in-words", "acronym-spelled", "retired", "how-often", "year", "millions", "replaced-with"],
)
def test_values_in_words_acronyms_and_retired_things_are_contradictions_newer_first(tmp_path, older, newer):
    report = cleanup.suggest(home_of(tmp_path, [older, *FILLER, newer], ["Name: Sam."]))
    assert [(c.first, c.second) for c in report.contradictions] == [(newer, older)]
    assert report.merges == ()


@pytest.mark.parametrize(
    "pair",
    [
        ("Room 4A is booked at 09:00 for the standup.", "Room 4B is booked at 10:30 for the standup."),
        ("Volume two is set in 1944.", "Volume three is set in 1951."),
        ("Kiln A fires to cone 6.", "Kiln B fires to cone 10."),
    ],
    ids=["room-label", "number-word-label", "letter-label"],
)
def test_labels_tell_two_subjects_apart(tmp_path, pair):
    report = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."]))
    assert report.contradictions == () and report.merges == ()


def test_a_short_entry_folded_into_one_clause_of_a_long_one_with_its_value_in_words_is_merged(tmp_path):
    short = "Proofs go to the printer 3 weeks ahead."
    longer = (
        "Proofs go out to the printer three weeks in advance, after the editor and the author have both "
        "signed the PDF; late fixes go on an errata slip instead."
    )
    report = cleanup.suggest(home_of(tmp_path, [short, *FILLER, longer], ["Name: Sam."]))
    assert [(m.keep, m.drop) for m in report.merges] == [(longer, short)]


@pytest.mark.parametrize(
    ("rule", "preference"),
    [
        (
            "Site visits are only booked after 15:00, once the school run is over.",
            "Kim prefers to do site visits after school, from 3pm.",
        ),
        (
            "Drafts are never shared outside the team before legal has read them.",
            "Ana is strict that no draft leaves the team until legal has read it.",
        ),
        ("Images are exported at 300 dpi, 20 cm wide.", "Lou wants every image exported at 300 dpi and 200 mm wide."),
    ],
    ids=["time-in-other-words", "is-strict-that", "units"],
)
def test_a_rule_restated_as_a_preference_is_found_across_files(tmp_path, rule, preference):
    report = cleanup.suggest(home_of(tmp_path, [rule, *FILLER], [preference, "Name: Kim."]))
    assert [(c.memory_entry, c.user_entry) for c in report.cross] == [(rule, preference)]


@pytest.mark.parametrize(
    "pair",
    [
        ("Orders above two hundred euros ship free.", "Free shipping starts at €200."),
        ("Keep every upload under twenty-five megabytes.", "Uploads are capped at 25 MB by the portal."),
    ],
    ids=["money-in-words", "size-in-words"],
)
def test_two_entries_giving_the_same_values_in_other_words_are_one_fact(tmp_path, pair):
    report = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."]))
    assert [{m.keep, m.drop} for m in report.merges] == [set(pair)] and report.contradictions == ()


def test_two_things_at_one_value_with_the_opening_word_swapped_are_not_merged(tmp_path):
    pair = ("Standup is at 09:30 every weekday.", "The retro is at 09:30 every weekday.")
    report = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."]))
    assert report.merges == () and report.contradictions == ()


# -- guards for a relaxation tried and left out (docs/cleanup.md#contradictions; text written for them)


@pytest.mark.parametrize(
    "pair",
    [
        ("Large trays hold 24 rolls.", "Small trays hold 12 rolls."),
        ("The Oakfield van is insured for £900 a year.", "The Riverside van is insured for £1,100 a year."),
        (
            "The backup job starts at 02:00 and writes backups/site_a.tar.",
            "The backup job starts at 03:00 and writes backups/site_b.tar.",
        ),
    ],
    ids=["qualifier-before", "name-before", "path-anywhere"],
)
def test_a_word_or_a_name_before_the_value_or_a_path_anywhere_names_another_subject(tmp_path, pair):
    report = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."]))
    assert report.contradictions == () and report.merges == ()


# -- round three: evidence of one subject from the home itself, names as values, values as written


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("Deliveries from the joinery arrive on Tuesdays at 08:00.", "The joinery van now comes at 11:00 on Tuesdays."),
        ("Our treasurer is Ingrid Holm.", "Since the spring meeting the treasurer is Paul Reyes."),
        ("Kiln loads are booked through Clayworks Studio.", "Kiln loads are now booked with Firebox Ceramics."),
        ("The florist supplier is Bloomline.", "Switched florist supplier from Bloomline to Petalworks in May."),
        ("The ferry leaves the harbour at 19:30.", "The ferry now leaves the harbour at 7.45pm."),
        ("The sea wall is 1.8 m high.", "The sea wall was raised to 2.4 m."),
        ("Renders run on the 16-core desktop.", "Renders now run on the 48-core desktop."),
        ("Translation from Kenji costs ¥20 per character.", "Kenji now charges ¥24 per character."),
        ("Public liability cover is £1 million.", "Public liability cover was raised to £5m."),
        ("The office PCs run Windows 10 22H2.", "The office PCs were upgraded to Windows 11 24H2."),
    ],
    ids=[
        "word-only-the-two-use",
        "who-after-is",
        "who-after-through-with",
        "cue-opening-the-sentence",
        "time-with-a-dot",
        "metres-not-millions",
        "hyphenated-count",
        "yen",
        "m-for-million-after-a-currency",
        "build-name-beside-a-version",
    ],
)
def test_one_subject_in_two_wordings_is_a_contradiction_newer_first(tmp_path, older, newer):
    report = cleanup.suggest(home_of(tmp_path, [older, *FILLER, newer], ["Name: Sam."]))
    assert [(c.first, c.second, c.newer) for c in report.contradictions] == [(newer, older, 0)]
    assert report.merges == ()


def test_a_word_many_entries_use_is_no_evidence_of_one_subject(tmp_path):
    older, newer = (
        "Deliveries from the joinery arrive on Tuesdays at 08:00.",
        "The joinery van now comes at 11:00 on Tuesdays.",
    )
    more = ["The joinery sends its invoices by post.", "Ask the joinery before ordering oak."]
    report = cleanup.suggest(home_of(tmp_path, [older, *FILLER, *more, newer], ["Name: Sam."]))
    assert report.contradictions == ()


def test_a_name_in_a_role_words_slot_alone_makes_no_subject_one(tmp_path):
    pair = ("Payroll is run by Kestrel Payroll.", "Invoices are now sent through Ledgerly.")
    report = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."]))
    assert report.contradictions == ()  # nor with "Payments go through Mollie" of the filler


@pytest.mark.parametrize(
    "pair",
    [
        ("Bay 1 is hosed down every 3 days.", "Bay 2 is hosed down every 5 days."),
        ("Locker 3 belongs to Ms Okoro.", "Locker 5 belongs to Mr Tan."),
        ("The hall hire deposit is £50.", "The hall is now insured up to £2,000,000."),
    ],
    ids=["number-naming-which-one", "number-and-person", "amounts-far-apart"],
)
def test_a_number_naming_a_thing_or_amounts_far_apart_are_two_subjects(tmp_path, pair):
    report = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."]))
    assert report.contradictions == () and report.merges == ()


def test_a_qualifier_shortened_in_one_entry_is_one_qualifier(tmp_path):
    pair = ("Kit-maintenance budget: £40 a month.", "Our kit-maint budget is £55 a month.")
    [found] = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."])).contradictions
    assert {found.first, found.second} == set(pair) and found.newer is None


def test_two_names_for_one_subject_without_a_cue_are_shown_for_the_person_to_pick(tmp_path):
    pair = ("Window cleaning is done by Clearview.", "The window cleaner contract is with Sparkle Ltd.")  # 0.47 alike
    [found] = cleanup.suggest(home_of(tmp_path, [pair[0], *FILLER, pair[1]], ["Name: Sam."])).contradictions
    assert {found.first, found.second} == set(pair) and found.newer is None
