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
        "Export presets: Windows, Linux and Web; the Web build needs the SharedArrayBuffer headers enabled on itch.io.",
        "Assets from the Kenney packs are CC0; anything else must be listed in CREDITS.md with its licence.",
        "Target frame time is 16.6 ms on the Steam Deck at 800p.",
        "Save files are JSON in user://saves/slot_N.json and carry a version field for migrations.",
        "Art is drawn in Aseprite on 16x16 tiles and exported with 1 px padding.",
    ),
    user=(
        "Tomás works on the game in the evenings and at weekends, usually 20:00-23:30 CET.",
        "Prefers short explanations with a snippet he can paste.",
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
    fill=0.86,
    user_fill=0.68,
    folders=("~/games/lanternfall",),
)

FIRMWARE = Home(
    name="firmware-olu",
    kind="embedded engineer (ESP32 soil sensors)",
    memory=(
        "The firmware project is in ~/fw/soilsense and builds with idf.py build; the target chip is the ESP32-C3.",
        "Readings are published over MQTT to soilsense/<device-id>/moisture as JSON.",
        "Deep sleep between readings; sleep current must stay under 20 µA to last a season on two AA cells.",
        "Unit tests for the parsing code run on the host, with the linux target of ESP-IDF.",
        "The serial console runs at 115200 baud through the CP2102 adapter.",
        "OTA images are signed; the private signing key is never committed anywhere.",
    ),
    user=(
        "Olu is an electrical engineer: skip explanations of basic C, but explain CMake.",
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
    fill=0.9,
    user_fill=0.55,
    folders=("~/fw/soilsense",),
)

DATAENG = Home(
    name="dataeng-mei",
    kind="data engineer (dbt, Airflow, Snowflake)",
    memory=(
        "The warehouse is Snowflake; the dbt project is in ~/work/analytics-dbt with models in staging/, intermediate/ and marts/.",
        "Model naming: stg_<source>__<table>, int_<topic>, and fct_ / dim_ for marts.",
        "Airflow DAGs are deployed by merging to main; the DAG folder is synced every 5 minutes.",
        "Every mart model needs unique and not_null tests on its primary key in schema.yml.",
        "Source freshness for orders: warn after 12 hours, error after 24 hours.",
        "SQL style: lowercase keywords, leading commas, CTEs instead of subqueries; sqlfluff enforces it in CI.",
    ),
    user=(
        "Mei is a senior data engineer: skip beginner explanations of SQL.",
        "Prefers a diff over a whole file when a model changes.",
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
    fill=0.92,
    user_fill=0.74,
    folders=("~/work/analytics-dbt",),
)

RUST = Home(
    name="rust-jonas",
    kind="open-source maintainer (a Rust TOML crate)",
    memory=(
        "The crate is tinytoml in ~/oss/tinytoml; the workspace has tinytoml, tinytoml-derive and fuzz/.",
        "Public API changes need a CHANGELOG.md entry under Unreleased, in Keep a Changelog format.",
        "Releases are cut with cargo release minor from a clean main; tags are vX.Y.Z.",
        "Fuzzing uses cargo fuzz with the target parse_document; the corpus is in fuzz/corpus.",
        "No unsafe code: lib.rs has #![forbid(unsafe_code)].",
        "Dual-licensed MIT OR Apache-2.0; source files carry no licence header.",
    ),
    user=(
        "Jonas reviews PRs on Saturdays; on weekdays answers should be short.",
        "Prefers explicit error enums with thiserror over anyhow in library code.",
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
    fill=0.87,
    user_fill=0.62,
    folders=("~/oss/tinytoml",),
)

FREELANCE = Home(
    name="freelance-zoe",
    kind="freelance web developer (Next.js sites for small clients)",
    memory=(
        "Client sites live in ~/clients/<client>, one git repository per client.",
        "All client deployments are on Vercel, team zoe-studio; preview URLs are sent to clients for approval.",
        "Hours are logged in Toggl per client project; invoices go out on the 1st of the month.",
        "The Brot & Butter bakery site uses Sanity as CMS; its studio is in ~/clients/brotbutter/studio.",
        "Accessibility target for every client is WCAG 2.1 AA; run axe in Playwright before handoff.",
        "Images use next/image with AVIF and WebP; no raw img tags.",
    ),
    user=(
        "Zoe prefers Tailwind utility classes over CSS modules.",
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
    fill=0.89,
    user_fill=0.7,
    folders=("~/clients", "~/clients/brotbutter/studio"),
)

BIOINFO = Home(
    name="bioinfo-nadia",
    kind="bioinformatics postdoc (RNA-seq)",
    memory=(
        "The RNA-seq pipeline is nf-core/rnaseq 3.14 with -profile singularity; parameters are in ~/projects/liver-rnaseq/params.yaml.",
        "Reference genome is GRCh38 with the GENCODE v44 annotation.",
        "Differential expression uses DESeq2 with design ~ batch + condition; significant means padj < 0.05 and |log2FC| > 1.",
        "Sample sheet columns: sample, fastq_1, fastq_2, strandedness (always 'reverse' for this kit).",
        "Raw FASTQ files are never deleted; they are archived to tape after 6 months.",
    ),
    user=(
        "Nadia is a postdoc; she knows R well but is new to Nextflow.",
        "Prefers explanations with the statistics spelled out, not just the command.",
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
    fill=0.93,
    user_fill=0.58,
    folders=("~/projects/liver-rnaseq",),
)

HOMES = (GAMEDEV, FIRMWARE, DATAENG, RUST, FREELANCE, BIOINFO)
