"""How accurate the answers are: the atlas and the table's own odds, against simulation."""
