# ruff: noqa: E501
"""The independent test set, part two: six homes of builders, maintainers and lab scientists.

Part of cleanup_testset.py (see its docstring: written blind, not for tuning the method).
"""

from __future__ import annotations

from cleanup_corpus import Home

GAMEDEV = Home(
    name="gamedev-tomas",
    kind="hobby game developer (Godot, pixel art)",
    memory=(
        "The game is a Godot 4 project in ~/games/lanternfall; scenes are under scenes/ and all scripts are GDScript.",
        "Export presets: Windows, Linux and Web; the Web build needs the SharedArrayBuffer headers enabled on itch.io. Builds are uploaded with butler push to tomas/lanternfall:<platform>.",
        "Assets from the Kenney packs are CC0; anything else must be listed in CREDITS.md with its licence, its author and the URL it came from.",
        "Dialogue is written in Yarn Spinner files under dialogue/, one file per character; English is the source text and Spanish is translated by Tomás himself.",
        "Target frame time is 16.6 ms on the Steam Deck at 800p; profile with the Godot profiler in a release export, since debug builds are about 30% slower.",
        "Save files are JSON in user://saves/slot_N.json and carry a version field for migrations; never rename a key without bumping the version and adding a step in SaveManager.gd.",
        "Art is drawn in Aseprite on 16x16 tiles and exported with 1 px padding; the palette is Lospec's 32-colour 'Resurrect 32' and nothing outside it goes into the game.",
        "Audio: music as OGG Vorbis at 44.1 kHz, sound effects as WAV; the buses are Master, Music, SFX and UI, and the settings menu saves their volumes in user://settings.cfg.",
    ),
    user=(
        "Tomás works on the game in the evenings and at weekends, usually 20:00-23:30 CET.",
        "Prefers short explanations with a snippet he can paste.",
        "Tomás learns by doing: after explaining a new Godot concept, give him a small exercise.",
        "Is learning shaders: explain shader code line by line.",
        "Spanish speaker; sometimes writes 'vale' or 'ojo', but wants replies in English.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Input actions are defined in the project's Input Map; no hard-coded key checks.",
            "Never check raw keys in scripts: every input goes through an action in the Input Map.",
        ),
        (
            "cross",
            "mu",
            "Tomás wants statically typed GDScript (var x: int) in all examples.",
            "Please always use typed GDScript, e.g. var speed: float = 4.0.",
        ),
    ),
    differ=(
        (
            "m",
            "The player's walk speed is 90 px/s, run speed 150 px/s.",
            "The lantern-bearer enemies walk at 60 px/s and never run.",
        ),
    ),
    conflict=(
        (
            "m",
            "Godot version used for the game is 4.1.3 stable.",
            "Moved the project to Godot 4.3 in November; 4.1 exports are no longer kept up.",
        ),
    ),
    remote=("On the Steam Deck, dev builds are copied over SSH to /home/deck/Games/lanternfall.",),
    gone=(
        "The Unity prototype of the game is in ~/games/lanternfall-unity; its level data is the reference for the first two levels.",
    ),
    fill=0.89,
    user_fill=0.32,
    folders=("~/games/lanternfall",),
)

FIRMWARE = Home(
    name="firmware-olu",
    kind="embedded engineer (ESP32 soil sensors)",
    memory=(
        "The firmware project is in ~/fw/soilsense and builds with idf.py build; the target chip is the ESP32-C3. sdkconfig.defaults is in git but sdkconfig is not, so menuconfig changes must be copied into the defaults.",
        "Readings are published over MQTT to soilsense/<device-id>/moisture as JSON with the fields ts (Unix seconds), raw, percent and vbat_mv, at QoS 1 and not retained.",
        "Deep sleep between readings; sleep current must stay under 20 µA to last a season on two AA cells (board rev C measured 14 µA).",
        "Unit tests for the parsing code run on the host with the linux target of ESP-IDF; run them before every flash, they take about 10 s.",
        "The serial console runs at 115200 baud through the CP2102 adapter; log lines start with the wake-up count so that resets are easy to spot.",
        "Calibration: each sensor is calibrated dry (in air) and wet (in a glass of water); the two raw values go into NVS under cal_dry and cal_wet, and percent is a linear map between them.",
        "OTA images are signed and the private signing key is never committed anywhere; devices look for an update once a day, at the first wake-up after 12:00 UTC.",
    ),
    user=(
        "Olu is an electrical engineer: skip explanations of basic C, but explain CMake.",
        "Olu wants the datasheet section cited whenever a register value is suggested, so that he can check it.",
        "Prefers SI units with the prefixes written properly (µA, kΩ, MHz).",
        "Olu works on Lagos time (WAT, UTC+1), weekdays.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Flash the board with idf.py flash monitor.",
            "Flash and watch the log in one step with idf.py -b 460800 flash monitor; leave the monitor with Ctrl+].",
        ),
        (
            "paraphrase",
            "u",
            "Olu likes register-level explanations when a peripheral misbehaves.",
            "When a peripheral acts up, Olu wants the explanation down at the register level.",
        ),
    ),
    differ=(
        (
            "m",
            "Moisture sensor 1 is wired to GPIO 4 (ADC1 channel 4).",
            "The battery voltage divider is wired to GPIO 3 (ADC1 channel 3).",
        ),
    ),
    conflict=(
        (
            "m",
            "Each sensor takes a reading every 15 minutes.",
            "The sampling interval was raised to 30 minutes to save battery.",
        ),
    ),
    conflict_uncued=(
        (
            "m",
            "Devices connect to the MQTT broker on port 1883 (plain TCP).",
            "Sensors reach the MQTT broker on port 8883 using TLS.",
        ),
    ),
    remote=(
        "On the field gateway (a Pi 4 at the allotment) the Mosquitto config is /etc/mosquitto/conf.d/soilsense.conf.",
        "The CI runner (Gitea Actions on the NAS) caches the ESP-IDF toolchain at /data/runner/cache/espressif.",
    ),
    gone=("Arduino sketches of the first prototype are in ~/fw/soilsense-arduino.",),
    fill=0.87,
    user_fill=0.33,
    folders=("~/fw/soilsense",),
)

DATAENG = Home(
    name="dataeng-mei",
    kind="data engineer (dbt, Airflow, Snowflake)",
    memory=(
        "The warehouse is Snowflake; the dbt project is in ~/work/analytics-dbt with models in staging/, intermediate/ and marts/.",
        "Model naming: stg_<source>__<table>, int_<topic>, and fct_ / dim_ for marts; staging models only rename, cast and filter deleted rows, never join.",
        "Airflow DAGs are deployed by merging to main; the DAG folder is synced every 5 minutes. DAG ids are <team>__<source>__<frequency>, every DAG has an owner and a failure callback to #data-alerts, and catchup is off unless a backfill is planned.",
        "Every mart model needs unique and not_null tests on its primary key in schema.yml; new columns need a description too, or the docs check in CI fails.",
        "Snowflake roles: TRANSFORMER for dbt, REPORTER for the BI tools, personal roles for ad-hoc work; raw PII columns are masked by the pii_mask policy unless the role is PII_READER.",
        "Source freshness for orders: warn after 12 hours, error after 24 hours; the check runs at 06:00 SGT before the morning dashboards refresh.",
        "SQL style: lowercase keywords, leading commas, CTEs instead of subqueries; sqlfluff enforces it in CI.",
    ),
    user=(
        "Mei is a senior data engineer: skip beginner explanations of SQL.",
        "Prefers a diff over a whole file when a model changes.",
        "Mei dislikes 'just use a UDF': propose set-based SQL first, and explain the cost if a UDF is really needed.",
        "Based in Singapore (SGT, UTC+8); stand-up is at 09:30.",
        "Likes Markdown tables for comparing options.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Mei wants SQL examples in the Snowflake dialect.",
            "I work in Snowflake, so write queries in its dialect (QUALIFY, IFF and friends are fine).",
        ),
        (
            "paraphrase",
            "m",
            "Incremental models use the merge strategy with unique_key and a 3-day lookback on updated_at.",
            "For incremental models: a lookback of three days on updated_at, merge strategy, unique_key set.",
        ),
    ),
    differ=(
        (
            "m",
            "The Snowflake warehouse TRANSFORM_WH (size M) runs the dbt jobs.",
            "The Snowflake warehouse REPORTING_WH (size S) serves the Looker queries.",
        ),
    ),
    conflict=(
        (
            "m",
            "dbt Core is pinned to 1.5 in requirements.txt.",
            "dbt-core is now at 1.8 (upgraded together with dbt-snowflake in Q2), so unit tests are available.",
        ),
    ),
    remote=(
        "On the Airflow worker (airflow-worker-2) task logs are written to /opt/airflow/logs/<dag_id>.",
        "The Airflow scheduler container mounts the DAGs at /opt/airflow/dags.",
    ),
    gone=("A copy of the legacy Talend jobs is in ~/work/talend-export for reference during the migration.",),
    fill=0.86,
    user_fill=0.31,
    folders=("~/work/analytics-dbt",),
)

RUST = Home(
    name="rust-jonas",
    kind="open-source maintainer (a Rust TOML crate)",
    memory=(
        "The crate is tinytoml in ~/oss/tinytoml; the workspace has tinytoml, tinytoml-derive and fuzz/, and tinytoml-derive is always released together with tinytoml at the same version.",
        "Public API changes need a CHANGELOG.md entry under Unreleased, in Keep a Changelog format.",
        "Releases are cut with cargo release minor from a clean main; tags are vX.Y.Z, and the release workflow publishes to crates.io on the tag and writes the GitHub release from the changelog section.",
        "Fuzzing uses cargo fuzz with the target parse_document; the corpus is in fuzz/corpus. Fuzz for at least 10 minutes before a release and turn every crash input into a regression test.",
        "Triage: new issues get bug, feature or question within a week; feature requests that need a new dependency are declined unless they go behind a feature flag that is off by default.",
        "Benchmarks use criterion in benches/parse.rs on the files in benches/data (40 crates' Cargo.toml and a 2 MB generated file); a PR that slows parse_large by more than 5% needs a note.",
        "No unsafe code: lib.rs has #![forbid(unsafe_code)], and dependencies that use unsafe internally are reviewed with cargo geiger before they are added.",
        "Dual-licensed MIT OR Apache-2.0; source files carry no licence header.",
    ),
    user=(
        "Jonas reviews PRs on Saturdays; on weekdays answers should be short.",
        "Prefers explicit error enums with thiserror over anyhow in library code.",
        "Jonas wants review comments phrased as suggestions, marked 'nit:' when they are only about style.",
        "German, lives in Leipzig; everything in the repo is in English.",
    ),
    same=(
        (
            "overlap",
            "m",
            "Always run cargo clippy before pushing a branch.",
            "Before pushing: cargo clippy --all-targets --all-features -- -D warnings, then cargo fmt --check; CI fails on either.",
        ),
        (
            "paraphrase",
            "u",
            "Jonas prefers being told about breaking changes up front, before any code.",
            "If a change breaks the public API, say so first, before showing code.",
        ),
    ),
    differ=(
        (
            "m",
            "Feature flag serde enables Serialize/Deserialize for Document.",
            "Feature flag chrono enables parsing TOML datetimes into chrono types.",
        ),
    ),
    conflict=(
        (
            "m",
            "MSRV is 1.70, checked in CI with cargo +1.70 check.",
            "The minimum supported Rust version was bumped to 1.74 for the 0.9 release; the msrv CI job follows.",
        ),
    ),
    remote=(
        "The benchmark machine (a rented Hetzner AX41) keeps criterion results in /home/bench/tinytoml/target/criterion between runs.",
    ),
    gone=("Experiments with a nom-based parser are in ~/oss/tinytoml-nom; it was about 30% slower.",),
    fill=0.88,
    user_fill=0.33,
    folders=("~/oss/tinytoml",),
)

FREELANCE = Home(
    name="freelance-zoe",
    kind="freelance web developer (Next.js sites for small clients)",
    memory=(
        "Client sites live in ~/clients/<client>, one git repository per client, each with a HANDOFF.md that says how the client edits content and who to call.",
        "Domains are registered at the clients' own accounts (mostly at OVH); Zoe is added as a technical contact and never holds a client's domain in her name.",
        "All client deployments are on Vercel, team zoe-studio; preview URLs are sent to clients for approval.",
        "Hours are logged in Toggl per client project; invoices go out on the 1st of the month from Invoice Ninja, payable within 14 days, with reverse-charge VAT wording for clients outside Portugal.",
        "The Brot & Butter bakery site uses Sanity as CMS; its studio is in ~/clients/brotbutter/studio and is deployed with sanity deploy to brotbutter.sanity.studio.",
        "Accessibility target for every client is WCAG 2.1 AA; run axe in Playwright before handoff and fix every serious or critical finding.",
        "Contracts include two revision rounds per page design; a third round is billed by the hour, and content delays of more than 30 days move the launch date without penalty.",
        "Images use next/image with AVIF and WebP; no raw img tags, and hero images stay under 200 KB after compression.",
    ),
    user=(
        "Zoe prefers Tailwind utility classes over CSS modules.",
        "Zoe's partner does the bookkeeping, so anything about taxes should be written so that it can be forwarded to him as it is.",
        "Works four days a week, Monday to Thursday, from Porto (WET).",
        "Wants client-facing texts friendly and free of jargon.",
    ),
    same=(
        (
            "cross",
            "mu",
            "Zoe wants estimates given as a range in hours, e.g. 6-10 h.",
            "When I ask how long something takes, give me a range in hours (like 6-10 h), not one number.",
        ),
        (
            "overlap",
            "m",
            "Use pnpm, not npm, in every client project.",
            "Every client project uses pnpm (never npm or yarn), with the Node version taken from the project's .nvmrc via nvm use.",
        ),
    ),
    differ=(
        (
            "m",
            "Kolibri's contact is Jana Novák (jana@kolibri.cz), who approves the designs.",
            "Kolibri's technical contact is Petr Dvořák (petr@kolibri.cz), who looks after their VPS.",
        ),
    ),
    conflict=(
        (
            "m",
            "Hourly rate for new clients: 75 EUR per hour.",
            "New clients are quoted 90 EUR an hour since January.",
        ),
    ),
    remote=("The Kolibri site runs on the client's own VPS and is deployed via rsync to /var/www/kolibri/current.",),
    gone=(
        "The old WordPress theme for Kolibri is in ~/clients/kolibri-wp-theme; take the colour palette from its style.css.",
    ),
    fill=0.87,
    user_fill=0.29,
    folders=("~/clients", "~/clients/brotbutter/studio"),
)

BIOINFO = Home(
    name="bioinfo-nadia",
    kind="bioinformatics postdoc (RNA-seq)",
    memory=(
        "The RNA-seq pipeline is nf-core/rnaseq 3.14 with -profile singularity; parameters are in params.yaml in ~/projects/liver-rnaseq.",
        "Reference genome is GRCh38 with the GENCODE v44 annotation; the indices were built once by the pipeline and are reused with --save_reference.",
        "Differential expression uses DESeq2 with design ~ batch + condition; significant means padj < 0.05 and |log2FC| > 1, with lfcShrink (apeglm) for the fold changes in figures.",
        "Sample sheet columns: sample, fastq_1, fastq_2, strandedness (always 'reverse' for this kit); sample names are <cohort>_<patient>_<timepoint>, e.g. A_017_T1.",
        "Raw FASTQ files are never deleted; they are archived to tape after 6 months, and the core's md5 checksums are verified on arrival with md5sum -c.",
        "Gene set enrichment uses fgsea on the DESeq2 stat column against MSigDB Hallmark and Reactome (v2023.2) with 10,000 permutations; result tables keep the leading-edge genes.",
    ),
    user=(
        "Nadia is a postdoc; she knows R well but is new to Nextflow.",
        "Prefers explanations with the statistics spelled out, not just the command.",
        "Nadia wants every p-value reported with the test used and the multiple-testing correction named.",
        "Speaks Persian and German; sometimes signs off with 'merci' or 'danke'.",
    ),
    same=(
        (
            "paraphrase",
            "m",
            "Batch effects are checked with a PCA of vst-transformed counts before any DE analysis.",
            "Before differential expression, look at a PCA on the VST counts to check for batch effects.",
        ),
        (
            "overlap",
            "u",
            "Nadia likes her plots made with ggplot2 in R.",
            "Nadia likes plots made with ggplot2 in R, theme_classic, with colour-blind-safe palettes (viridis or Okabe-Ito).",
        ),
    ),
    differ=(
        (
            "m",
            "Cohort A: 24 liver biopsies from the Heidelberg clinic, collected in 2022.",
            "Cohort B: 18 liver biopsies from the Mannheim clinic, collected in 2023.",
        ),
    ),
    conflict=(
        (
            "m",
            "Alignment is done with STAR and quantification with RSEM.",
            "Quantification switched from RSEM to Salmon (the STAR-Salmon route), as the core facility now recommends.",
        ),
    ),
    conflict_uncued=(
        ("m", "Reads are 2x100 bp paired-end from the NovaSeq.", "Sequencing is 2x150 bp paired-end on the NovaSeq."),
    ),
    remote=(
        "On the HPC cluster the pipeline's work directory is /scratch/nadia/nf-work; clean it with nextflow clean -f after each run.",
        "The sequencing core's SFTP server delivers runs under /incoming/karimi_lab/<run-id>.",
    ),
    gone=(
        "The 2021 microarray analysis is in ~/projects/liver-microarray; its limma scripts are the template for contrasts.",
    ),
    fill=0.85,
    user_fill=0.34,
    folders=("~/projects/liver-rnaseq",),
)

HOMES = (GAMEDEV, FIRMWARE, DATAENG, RUST, FREELANCE, BIOINFO)
