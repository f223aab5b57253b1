"""Game plugins shipped with cardcore (import name ``cardplugins``)."""
