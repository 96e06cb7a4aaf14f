package io.hudprof.api;

import java.util.ArrayList;
import java.util.List;

/** A backend that writes down every call as text; its ids and handles count up from 100, apart from defaults. */
final class RecordingBackend extends HudprofBackend {
    final List<String> log = new ArrayList<>();
    int next = 100;
    boolean recording = true;
    String refuse;

    @Override
    protected int defineZone(String name, boolean isPublic) {
        log.add("zone " + name + (isPublic ? "" : " private") + " #" + next);
        return next++;
    }

    @Override
    protected int defineGpuZone(String name, boolean isPublic) {
        log.add("gpu zone " + name + (isPublic ? "" : " private") + " #" + next);
        return next++;
    }

    @Override
    protected void defineCategory(String path) {
        log.add("category " + path);
    }

    @Override
    protected void zoneColor(int zone, int rgb) {
        log.add("color " + zone + " " + Integer.toHexString(rgb));
    }

    @Override
    protected void categoryColor(String path, int rgb) {
        log.add("category color " + path + " " + Integer.toHexString(rgb));
    }

    @Override
    protected int defineCounter(String name, boolean level) {
        if (name.equals(refuse)) {
            throw new IllegalArgumentException("refused " + name);
        }
        log.add((level ? "level " : "counter ") + name + " #" + next);
        return next++;
    }

    @Override
    protected int defineIntDistribution(String name) {
        log.add("ints " + name + " #" + next);
        return next++;
    }

    @Override
    protected int defineFloatDistribution(String name) {
        log.add("floats " + name + " #" + next);
        return next++;
    }

    @Override
    protected boolean recording() {
        return recording;
    }

    @Override
    protected ZoneScope enter(int zone) {
        log.add("enter " + zone);
        return () -> log.add("close");
    }

    @Override
    protected void begin(int zone) {
        log.add("begin " + zone);
    }

    @Override
    protected void end(int zone) {
        log.add("end " + zone);
    }

    @Override
    protected boolean gpuBegin(int zone) {
        log.add("gpu begin " + zone);
        return recording;
    }

    @Override
    protected void gpuEnd(int zone) {
        log.add("gpu end " + zone);
    }

    @Override
    protected void counterAdd(int counter, long n) {
        log.add("add " + counter + " " + n);
    }

    @Override
    protected void intReport(int distribution, long value) {
        log.add("int " + distribution + " " + value);
    }

    @Override
    protected void floatReport(int distribution, double value) {
        log.add("float " + distribution + " " + value);
    }
}
