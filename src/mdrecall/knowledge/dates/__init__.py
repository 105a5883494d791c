"""Which day a line of a note is about (valid time), and the times a user gives."""
