package dev.shapeslab.persistence.stub;

import dev.shapeslab.domain.Identifiable;
import dev.shapeslab.persistence.EntityStore;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-memory store with a database's observable semantics: ids, order by id, copies in and out. Stored values are
 * never mutated (a replacement stores a new copy), so every operation is thread-safe without locks.
 */
abstract class StubEntityStore<T extends Identifiable<T>> implements EntityStore<T> {

    private final ConcurrentNavigableMap<Long, T> entities = new ConcurrentSkipListMap<>();
    private final String entityName;
    private final AtomicLong ids;
    private final StubLatency latency;

    StubEntityStore(String entityName, AtomicLong ids, StubLatency latency) {
        this.entityName = entityName;
        this.ids = ids;
        this.latency = latency;
    }

    @Override
    public String entityName() {
        return entityName;
    }

    @Override
    public List<T> findPage(int offset, int limit) {
        latency.pause();
        return entities.values().stream().skip(offset).limit(limit).map(Identifiable::copy).toList();
    }

    @Override
    public Optional<T> findById(long id) {
        latency.pause();
        return Optional.ofNullable(entities.get(id)).map(Identifiable::copy);
    }

    @Override
    public T insert(T entity) {
        latency.pause();
        T stored = entity.copy();
        stored.setId(ids.incrementAndGet());
        assignNestedIds(stored);
        entities.put(stored.getId(), stored);
        return stored.copy();
    }

    @Override
    public Optional<T> replace(long id, T entity) {
        latency.pause();
        T replaced = entities.computeIfPresent(id, (key, stored) -> {
            T replacement = stored.copy();
            replacement.updateFrom(entity);
            assignNestedIds(replacement);
            return replacement;
        });
        return Optional.ofNullable(replaced).map(Identifiable::copy);
    }

    @Override
    public boolean deleteById(long id) {
        latency.pause();
        return entities.remove(id) != null;
    }

    @Override
    public void deleteAll() {
        latency.pause();
        entities.clear();
    }

    /** Gives ids to what the entity owns and has none yet; nothing by default. */
    void assignNestedIds(T entity) {
    }
}
