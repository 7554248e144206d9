-- Every list read through an index in the order it is returned, on PostgreSQL as on H2.
--
-- PostgreSQL read a page of standalone shapes through shape_drawing_idx (drawing_id IS NULL) and sorted every
-- standalone shape of the kind to return 100: an incremental sort, whose cost it estimates as if the rows it reads
-- came in many small groups, while "drawing_id IS NULL" is one group as large as the table's standalone shapes
-- (QueryPlanOnPostgresTests). With the owner's index carrying the kind and the id after drawing_id, a page of
-- standalone shapes is read off it in order, as a drawing's shapes still are; nothing leads with drawing_id alone.
-- H2 keeps reading standalone shapes off shape_standalone_idx (QueryPlanTests).
create index shape_owner_idx on shape (drawing_id, shape_type, id);
drop index shape_drawing_idx;
