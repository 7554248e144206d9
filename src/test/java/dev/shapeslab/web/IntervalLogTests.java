package dev.shapeslab.web;

import static org.testng.Assert.assertEquals;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.LoggerFactory;
import org.testng.annotations.BeforeMethod;
import org.testng.annotations.Test;

public class IntervalLogTests {

    private final AtomicLong now = new AtomicLong(1_000);
    private ListAppender<ILoggingEvent> lines;
    private IntervalLog log;

    @BeforeMethod
    public void freshLog(Method test) {
        Logger logger = (Logger) LoggerFactory.getLogger("interval-log-test." + test.getName());
        lines = new ListAppender<>();
        lines.start();
        logger.addAppender(lines);
        log = new IntervalLog(logger, Duration.ofSeconds(10), now::get);
    }

    @Test
    public void aKindIsLoggedOncePerIntervalWithHowManyMoreThereWere() {
        for (int i = 0; i < 1_000; i++) {
            log.warn("down", "database down");
        }
        now.addAndGet(Duration.ofSeconds(10).toNanos());
        log.warn("down", "database down");

        assertEquals(lines.list.size(), 2);
        assertEquals(lines.list.get(0).getFormattedMessage(), "database down");
        assertEquals(lines.list.get(1).getFormattedMessage(), "database down (999 more like it in the last 10 s)");
    }

    @Test
    public void eachKindHasItsOwnInterval() {
        log.warn("refused", "connection refused");
        log.warn("timeout", "timed out");
        log.warn("refused", "connection refused");

        assertEquals(lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList(),
                java.util.List.of("connection refused", "timed out"));
    }
}
