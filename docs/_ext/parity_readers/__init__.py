"""Readers of official figure files laid out as each official script printed
them (see ``am_parity``)."""
