-- 0008: order slots are namespaced by what the order belongs to.
--
-- Slots were the bare id ('mori-kobayakawa', 'mori-kobayakawa#SP2'), so a
-- clan whose id equals a unit's id shared that unit's slot, and the clan's
-- policy replaced the squadron's order.  Sengoku now names them 'unit:<id>',
-- 'clan:<clan>:policy' and 'credit:<credit>' (a later sub-phase keeps its
-- '#SPn' at the end); see SengokuRuleset.order_slot.  The store never reads
-- a payload otherwise: this one-off rewrite knows the Sengoku clan-order kinds
-- and touches only Sengoku campaigns.  Stored resolutions keep the orders they
-- were resolved from, so their copies are rewritten the same way (an undone
-- resolution's copies are left: nothing reads their slots, and its table
-- comes from 0002, which this migration must not depend on).

UPDATE orders SET unit =
    CASE json_extract(payload_json, '$.kind')
        WHEN 'clan_policy' THEN 'clan:' || substr(unit, 1, instr(unit || '#', '#') - 1) || ':policy'
        WHEN 'redeem_capture' THEN 'credit:' || substr(unit, 1, instr(unit || '#', '#') - 1)
        ELSE 'unit:' || substr(unit, 1, instr(unit || '#', '#') - 1)
    END || substr(unit, instr(unit || '#', '#'))
WHERE campaign_id IN (SELECT id FROM campaigns WHERE ruleset = 'sengoku');

UPDATE resolutions SET orders_json = (
    SELECT json_group_array(json_set(o.value, '$.unit',
        CASE json_extract(o.value, '$.payload.kind')
            WHEN 'clan_policy' THEN 'clan:' || substr(o.slot, 1, instr(o.slot || '#', '#') - 1) || ':policy'
            WHEN 'redeem_capture' THEN 'credit:' || substr(o.slot, 1, instr(o.slot || '#', '#') - 1)
            ELSE 'unit:' || substr(o.slot, 1, instr(o.slot || '#', '#') - 1)
        END || substr(o.slot, instr(o.slot || '#', '#'))))
    FROM (SELECT value, json_extract(value, '$.unit') AS slot FROM json_each(resolutions.orders_json)
          ORDER BY key) AS o)
WHERE json_array_length(orders_json) > 0
  AND campaign_id IN (SELECT id FROM campaigns WHERE ruleset = 'sengoku');
