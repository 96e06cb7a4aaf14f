#version 330 core
// Deep space behind the arena: a faint nebula, three parallax star layers, a world grid and the arena's walls.
in vec2 vNdc;
out vec4 fragColor;

uniform vec2 uCenter;     // camera centre, world units
uniform vec2 uHalf;       // half the view's size, world units
uniform float uArena;     // side of the square arena
uniform float uTime;
uniform int uHeavyOctaves; // the GPU-heavy pass (F7): extra noise octaves per pixel, 0 when off

float hash(vec2 p) {
    p = fract(p * vec2(123.34, 456.21));
    p += dot(p, p + 45.32);
    return fract(p.x * p.y);
}

float noise(vec2 p) {
    vec2 i = floor(p);
    vec2 f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    return mix(mix(hash(i), hash(i + vec2(1, 0)), u.x), mix(hash(i + vec2(0, 1)), hash(i + vec2(1, 1)), u.x), u.y);
}

float stars(vec2 p, float density) {
    vec2 cell = floor(p);
    vec2 f = fract(p) - 0.5;
    float h = hash(cell);
    if (h > density) {
        return 0.0;
    }
    vec2 offset = vec2(hash(cell + 7.1), hash(cell + 3.7)) - 0.5;
    float d = length(f - offset * 0.7);
    float twinkle = 0.75 + 0.25 * sin(uTime * (1.0 + h * 3.0) + h * 60.0);
    return smoothstep(0.09, 0.0, d) * twinkle;
}

void main() {
    vec2 world = uCenter + vNdc * uHalf;
    vec2 screen = vNdc * uHalf;
    float n = noise(world * 0.0012) * 0.6 + noise(world * 0.003 + 11.0) * 0.4;
    float octave = 0.0;
    for (int i = 0; i < uHeavyOctaves; i++) {
        octave += noise(world * (0.002 + 0.0007 * float(i)) + float(i) * 3.1) / float(uHeavyOctaves);
    }
    n = mix(n, n * (0.7 + 0.6 * octave), step(1.0, float(uHeavyOctaves)));
    vec3 color = mix(vec3(0.012, 0.016, 0.04), vec3(0.07, 0.03, 0.10), smoothstep(0.45, 0.9, n));
    color += vec3(0.0, 0.03, 0.06) * smoothstep(0.55, 0.95, noise(world * 0.0007 + 5.0));
    for (int layer = 0; layer < 3; layer++) {
        float depth = 0.15 + 0.25 * float(layer);
        vec2 p = (uCenter * depth + screen) / (22.0 + 10.0 * float(layer));
        color += vec3(0.75, 0.8, 1.0) * stars(p, 0.12) * (0.35 + 0.3 * float(layer));
    }
    vec2 grid = abs(fract(world / 512.0 + 0.5) - 0.5) * 512.0;
    float pixel = 2.0 * uHalf.x / 1000.0;
    float line = 1.0 - smoothstep(0.0, pixel * 1.5, min(grid.x, grid.y));
    color += vec3(0.05, 0.09, 0.14) * line;
    vec2 outside = max(-world, world - uArena);
    float beyond = max(outside.x, outside.y);
    color = mix(color, color * 0.35 + vec3(0.05, 0.0, 0.0), step(0.0, beyond));
    color += vec3(0.9, 0.25, 0.15) * exp(-abs(beyond) / (pixel * 4.0)) * 0.8;
    fragColor = vec4(color, 1.0);
}
