"""Four-, six- and eight-pack Bezique (Rubicon, Chinese and eight-pack): rules as data."""
