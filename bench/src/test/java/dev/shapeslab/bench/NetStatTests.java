package dev.shapeslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import org.testng.annotations.Test;

/** TCP counters read from real /proc/net/snmp and /proc/net/netstat (Linux 6.18). */
public class NetStatTests {

    @Test
    public void readsTcpAndTcpExtCountersByName() throws IOException {
        String lines = String.join("\n", BenchSamples.lines("proc-net-snmp.txt")) + "\n"
                + String.join("\n", BenchSamples.lines("proc-net-netstat.txt"));
        Map<String, Long> counters = NetStat.parse(lines);

        assertThat(counters).containsEntry("Tcp:ActiveOpens", 254606L).containsEntry("Tcp:EstabResets", 22345L)
                .containsEntry("Tcp:MaxConn", -1L).containsEntry("TcpExt:ListenOverflows", 158073L)
                .containsEntry("TcpExt:ListenDrops", 158073L).containsEntry("Udp:InDatagrams", 82L);
    }

    @Test
    public void theDeltaOfTwoSnapshotsHoldsTheCountersTheReportShows() throws IOException {
        String before = String.join("\n", BenchSamples.lines("proc-net-snmp.txt"));
        String after = before.replace("Tcp: 1 200 120000 -1 254606 223964 9042 22345",
                "Tcp: 1 200 120000 -1 264606 223964 9042 22400");

        assertThat(NetStat.delta(before, after)).containsExactly(Map.entry("Tcp:ActiveOpens", 10000L),
                Map.entry("Tcp:EstabResets", 55L));
        assertThat(NetStat.describe(NetStat.delta(before, after)))
                .isEqualTo("10,000 opened, 0 accept-queue overflows, 55 resets");
    }
}
