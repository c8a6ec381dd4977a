"""What the user sees: rich tables and charts for a terminal, and the JSON documents."""
