"""The games' rules as YAML data (import name ``cardrules``)."""
