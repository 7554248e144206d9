package dev.shapeslab.startup;

import static org.testng.Assert.assertEquals;

import org.testng.annotations.Test;

public class StartupReportTests {

    @Test
    public void theLoggedUrlCarriesNoPassword() {
        assertEquals(StartupReport.withoutCredentials(
                        "jdbc:postgresql://db:5432/shapes?socketTimeout=3&password=secret&ssl=true"),
                "jdbc:postgresql://db:5432/shapes?socketTimeout=3&password=***&ssl=true");
        assertEquals(StartupReport.withoutCredentials("jdbc:h2:tcp://localhost:1521/./shapes;PASSWORD=x;WRITE_DELAY=0"),
                "jdbc:h2:tcp://localhost:1521/./shapes;PASSWORD=***;WRITE_DELAY=0");
        assertEquals(StartupReport.withoutCredentials("jdbc:h2:mem:shapes;DB_CLOSE_DELAY=-1"),
                "jdbc:h2:mem:shapes;DB_CLOSE_DELAY=-1");
    }
}
