CREATE TABLE edges_raw (source TEXT, target TEXT);
INSERT INTO edges_raw VALUES ('a', 'b');
INSERT INTO edges_raw VALUS ('b', 'c');
