"""The interactive shell: a thin cmd2 adaptor over companion.commands.registry (see app.py)."""
