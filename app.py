"""hermes-dash from a clone: `streamlit run app.py` opens the dashboard on $HERMES_HOME (else ~/.hermes).

The app itself is hermes_dash/ui/app.py (the installed `hermes-dash` command runs that file);
its pages live in app_pages/, which the package links to as hermes_dash/ui/app_pages.
"""

from pathlib import Path

from hermes_dash.ui.app import run

run(Path(__file__).parent / "app_pages")
