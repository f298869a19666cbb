"""Where users already are: git (a merge driver for a shared MEMORY.md) and the agent's own
web dashboard (a Memory tab). docs/integrations.md has the reference.

* ``merge``: entry-by-entry three-way merge of two versions of a memory file;
* ``gitsetup``: the driver's two lines in a repository (``.git/config``, ``.gitattributes``);
* ``plugin``: install, remove and feed the Memory tab of ``hermes dashboard``.

Each module uses the engine through its face (``from hermes_dash import ...``) only.
"""
