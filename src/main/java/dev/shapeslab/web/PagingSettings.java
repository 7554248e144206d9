package dev.shapeslab.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The list endpoints' page sizes ({@code shapes.paging.*}), checked as they bind.
 *
 * @param defaultLimit may be above {@code maxLimit}: 2147483647 makes a bare GET return every row, as the original did
 */
@ConfigurationProperties("shapes.paging")
public record PagingSettings(@DefaultValue("100") int defaultLimit, @DefaultValue("1000") int maxLimit) {

    public PagingSettings {
        if (defaultLimit < 1 || maxLimit < 1) {
            throw new IllegalArgumentException("shapes.paging.default-limit (" + defaultLimit
                    + ") and shapes.paging.max-limit (" + maxLimit + ") must each be at least 1: a page of no rows "
                    + "would link to itself for ever");
        }
    }
}
