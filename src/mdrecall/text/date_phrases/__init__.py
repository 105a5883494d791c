"""Date phrases in text: the grammar, numeric orders, weekdays, holidays and spans."""
