#version 330 core
// One instanced unit quad per sprite: rocks, ships, bullets, particles, debris and AI whisker rays.
layout(location = 0) in vec2 aCorner;     // quad corner, -1..1
layout(location = 1) in vec4 iPose;       // world x, y, rotation (radians), half length along the heading
layout(location = 2) in vec4 iColor;      // rgba
layout(location = 3) in vec4 iExtra;      // half width, shape id, per-sprite random, unused

uniform mat4 uViewProj;

out vec2 vLocal;
out vec4 vColor;
flat out int vShape;
out float vSeed;
out vec2 vSize;

void main() {
    float c = cos(iPose.z);
    float s = sin(iPose.z);
    vec2 size = vec2(iPose.w, iExtra.x);
    vec2 local = aCorner * size;
    vec2 world = iPose.xy + vec2(local.x * c - local.y * s, local.x * s + local.y * c);
    gl_Position = uViewProj * vec4(world, 0.0, 1.0);
    vLocal = aCorner;
    vColor = iColor;
    vShape = int(iExtra.y + 0.5);
    vSeed = iExtra.z;
    vSize = size;
}
