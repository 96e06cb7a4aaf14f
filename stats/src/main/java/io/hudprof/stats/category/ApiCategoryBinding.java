package io.hudprof.stats.category;

import io.hudprof.core.ApiCategories;

/** The api binding's categories: the api's category calls made on {@link Category}. Core finds it as a service. */
public final class ApiCategoryBinding implements ApiCategories {
    /** Made by {@link java.util.ServiceLoader}. */
    public ApiCategoryBinding() {
    }

    @Override
    public void define(String path) {
        Category.of(path);
    }

    @Override
    public void color(String path, int rgb) {
        Category.of(path).color(rgb);
    }
}
