"""hermes-dash from a clone: `streamlit run app.py` opens the dashboard (the app is hermes_dash/ui/app.py)."""

from hermes_dash.ui.app import run

run()  # noqa: E702, I001  # one line, as Streamlit's entry point
