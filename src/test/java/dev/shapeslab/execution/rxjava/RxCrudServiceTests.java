package dev.shapeslab.execution.rxjava;

import static org.testng.Assert.assertEquals;

import dev.shapeslab.domain.Circle;
import dev.shapeslab.domain.EntityRules;
import dev.shapeslab.domain.InvalidEntityException;
import dev.shapeslab.domain.NoSuchEntityException;
import dev.shapeslab.domain.Position;
import dev.shapeslab.execution.HttpTestSupport;
import dev.shapeslab.persistence.EntityStore;
import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.ActiveProfiles;
import org.testng.annotations.Test;

/**
 * The reactive service's types and signals, observed with {@code TestObserver}. The context of the other tests on
 * {@code rxjava} and {@code stub} ({@code RxJavaOnStubTests}), whose server it leaves alone.
 */
@ActiveProfiles({"rxjava", "stub"})
public class RxCrudServiceTests extends HttpTestSupport {

    @Autowired
    private EntityStore<Circle> store;

    @Autowired
    private EntityRules rules;

    /** Every circle stored: the contract, in the same context, may have left more than a page. */
    private int stored() {
        return store.findPage(0, Integer.MAX_VALUE).size();
    }

    private RxCrudService<Circle> service() {
        return new RxCrudService<>(store, rules) { };
    }

    @Test
    public void findCompletesEmptyForAnUnknownId() {
        service().find(Long.MAX_VALUE).test().assertNoValues().assertNoErrors().assertComplete();
    }

    @Test
    public void createEmitsTheStoredEntityOnceSubscribedAndNotBefore() {
        int before = stored();
        var create = service().create(new Circle("red", new Position(1.5, 2.5), 4));
        assertEquals(stored(), before, "assembly alone must not store anything");

        Circle created = create.test().assertComplete().values().get(0);

        assertEquals(store.findById(created.getId()).orElseThrow().getRadius(), Integer.valueOf(4));
    }

    @Test
    public void aRuleViolationArrivesAsOnErrorAndStoresNothing() {
        int before = stored();
        service().create(new Circle(" ", new Position(1, 1), 0)).test()
                .assertError(InvalidEntityException.class).assertNoValues();
        assertEquals(stored(), before);
    }

    @Test
    public void updateAndDeleteOfAnUnknownIdSignalNotFound() {
        service().update(Long.MAX_VALUE, new Circle("red", new Position(1, 1), 1)).test()
                .assertError(NoSuchEntityException.class);
        service().delete(Long.MAX_VALUE).test().assertError(NoSuchEntityException.class);
    }

    @Test
    public void listEmitsOnePage() {
        service().list(0, 1000).test().assertValueCount(1).assertValue(page -> page instanceof List);
    }
}
