-- The schema of every JPA backend (embedded H2, H2 over TCP, PostgreSQL): the DDL Hibernate 7 generates
-- for the mapping in dev.shapeslab.domain, identical for its H2 and PostgreSQL dialects, in SQL that both
-- databases run as written. Hibernate only validates it (ddl-auto=validate). A change of the mapping is a
-- new migration (V2__...), never an edit of this file.

-- Ids come from sequences in blocks of 50 (@SequenceGenerator allocationSize = 50; Hibernate checks the
-- increment at start-up).
create sequence drawing_seq start with 1 increment by 50;
create sequence shape_seq start with 1 increment by 50;

create table drawing (
    id            bigint                      not null,
    name          varchar(128)                not null,
    creation_date timestamp(6) with time zone not null,
    primary key (id)
);

-- Every kind of shape in one table (SINGLE_TABLE), discriminated by shape_type; the columns of one kind
-- are null in the rows of the other. drawing_id is null for a standalone shape.
create table shape (
    id          bigint      not null,
    shape_type  varchar(16) not null check (shape_type in ('circle', 'rectangle')),
    colour      varchar(64) not null,
    position_x  float(53)   not null,
    position_y  float(53)   not null,
    radius      integer,
    width       integer,
    height      integer,
    drawing_id  bigint,
    shape_index integer,
    primary key (id),
    constraint shape_drawing_fk foreign key (drawing_id) references drawing (id)
);

-- A drawing's shapes, and the foreign key's checks on deleting a drawing.
create index shape_drawing_idx on shape (drawing_id);
-- A page of standalone shapes of one kind, read in the order it is returned (JpaShapeStore).
create index shape_standalone_idx on shape (shape_type, drawing_id, id);
