CREATE TABLE orders (customer_id TEXT, product_id TEXT);
