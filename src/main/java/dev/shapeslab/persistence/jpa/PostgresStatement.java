package dev.shapeslab.persistence.jpa;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link dev.shapeslab.persistence.PostgresSql} statement as pgjdbc takes it: each {@code $n} a {@code ?}, the values
 * bound in the order the parameters occur. The SQL holds no {@code $} but its parameters.
 */
final class PostgresStatement {

    private static final Pattern PARAMETER = Pattern.compile("\\$(\\d+)");

    /** The statement with {@code ?} for each parameter. */
    private final String sql;
    /** The number {@code n} of each {@code ?}'s {@code $n}, in order. */
    private final int[] parameters;

    private PostgresStatement(String sql, int[] parameters) {
        this.sql = sql;
        this.parameters = parameters;
    }

    static PostgresStatement of(String postgres) {
        Matcher parameter = PARAMETER.matcher(postgres);
        StringBuilder sql = new StringBuilder();
        int[] numbers = new int[0];
        while (parameter.find()) {
            numbers = Arrays.copyOf(numbers, numbers.length + 1);
            numbers[numbers.length - 1] = Integer.parseInt(parameter.group(1));
            parameter.appendReplacement(sql, "?");
        }
        parameter.appendTail(sql);
        return new PostgresStatement(sql.toString(), numbers);
    }

    String sql() {
        return sql;
    }

    /** Binds {@code values} ({@code values[n - 1]} is {@code $n}'s) to {@code statement}. */
    void bind(PreparedStatement statement, Object... values) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, values[parameters[i] - 1]);
        }
    }
}
