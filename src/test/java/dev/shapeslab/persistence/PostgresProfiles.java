package dev.shapeslab.persistence;

import org.springframework.test.context.ActiveProfilesResolver;

/**
 * Profiles {@code plain,pg} when {@link PostgresTestDatabase} can reach PostgreSQL; otherwise {@code plain} on
 * the embedded database, so that the context loads and the tests skip (or fail, with
 * {@code -Dpg.tests.required=true}) in their {@code @BeforeMethod} with a message rather than a context error.
 */
public final class PostgresProfiles implements ActiveProfilesResolver {

    @Override
    public String[] resolve(Class<?> testClass) {
        return PostgresTestDatabase.available() ? new String[] {"plain", "pg"} : new String[] {"plain"};
    }
}
