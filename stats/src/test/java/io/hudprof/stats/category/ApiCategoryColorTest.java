package io.hudprof.stats.category;

import io.hudprof.core.Hudprof;
import io.hudprof.core.Zone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A category colour chosen through the Java 8 api before core binds to it lands on the category tree, which core
 * finds as a service in this module's jar, and colours the category's zones.
 */
class ApiCategoryColorTest {
    @AfterEach
    void uninstall() {
        Hudprof.uninstall();
    }

    @Test
    void anApiCategoryColourBecomesTheCategorysAndItsZonesColour() {
        io.hudprof.api.Category.of("ApiColorCat").color(0x405060);
        Hudprof.start();
        Zone underCategory = Zone.define("ApiColorCat:work");

        assertEquals(0x405060, Category.of("ApiColorCat").color());
        assertEquals(0x405060, Category.colorOf(underCategory.id()));
    }
}
