-- Orders made twice by a race before this index: keep the paid one, else the newest open one, and close the rest
-- (their reserved coupons go back to the user). Paid duplicates cannot be closed here: they need a refund first.
UPDATE `user_coupons` SET `status` = 0, `order_id` = NULL
WHERE `status` = 2 AND `order_id` IN (
  SELECT o.id FROM `pay_orders` o WHERE o.status = 'WAIT_PAY' AND EXISTS (
    SELECT 1 FROM `pay_orders` k WHERE k.user_id = o.user_id AND k.sub_product_id = o.sub_product_id AND k.product_id = o.product_id
      AND k.status IN ('WAIT_PAY', 'SUCCESS') AND k.id <> o.id AND (k.status = 'SUCCESS' OR k.id > o.id)));
--> statement-breakpoint
UPDATE `pay_orders` SET `status` = 'CLOSED', `closed_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000, `user_coupon_id` = NULL
WHERE `status` = 'WAIT_PAY' AND EXISTS (
  SELECT 1 FROM `pay_orders` k WHERE k.user_id = pay_orders.user_id AND k.sub_product_id = pay_orders.sub_product_id AND k.product_id = pay_orders.product_id
    AND k.status IN ('WAIT_PAY', 'SUCCESS') AND k.id <> pay_orders.id AND (k.status = 'SUCCESS' OR k.id > pay_orders.id));
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_orders_one_open_idx` ON `pay_orders` (`user_id`,`sub_product_id`,`product_id`) WHERE status IN ('WAIT_PAY', 'SUCCESS');
