#version 330 core
// Shapes are drawn procedurally from the quad's local coordinates, so one texture-free shader covers every sprite.
in vec2 vLocal;
in vec4 vColor;
flat in int vShape;
in float vSeed;
in vec2 vSize;

out vec4 fragColor;

const int ROCK = 0;
const int SHIP = 1;
const int GLOW = 2;
const int BULLET = 3;
const int BEAM = 4;

float cross2(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }

// Signed distance to a triangle (negative inside).
float triangleDistance(vec2 p, vec2 a, vec2 b, vec2 c) {
    vec2 e0 = b - a, e1 = c - b, e2 = a - c;
    vec2 v0 = p - a, v1 = p - b, v2 = p - c;
    vec2 pq0 = v0 - e0 * clamp(dot(v0, e0) / dot(e0, e0), 0.0, 1.0);
    vec2 pq1 = v1 - e1 * clamp(dot(v1, e1) / dot(e1, e1), 0.0, 1.0);
    vec2 pq2 = v2 - e2 * clamp(dot(v2, e2) / dot(e2, e2), 0.0, 1.0);
    float s = sign(cross2(e0, e2));
    vec2 d = min(min(vec2(dot(pq0, pq0), s * cross2(v0, e0)),
                     vec2(dot(pq1, pq1), s * cross2(v1, e1))),
                     vec2(dot(pq2, pq2), s * cross2(v2, e2)));
    return -sqrt(d.x) * sign(d.y);
}

vec4 rock() {
    vec2 p = vLocal;
    float r = length(p);
    float a = atan(p.y, p.x);
    float seed = vSeed * 40.0;
    float edge = 0.84 + 0.06 * sin(5.0 * a + seed) + 0.04 * sin(9.0 * a + seed * 1.7) + 0.025 * sin(14.0 * a + seed * 2.3);
    float aa = fwidth(r) * 1.5;
    float inside = 1.0 - smoothstep(edge - aa, edge, r);
    if (inside <= 0.0) {
        discard;
    }
    vec3 normal = normalize(vec3(p / edge, sqrt(max(0.0, 1.0 - r * r / (edge * edge))) + 0.2));
    float light = 0.3 + 0.75 * max(dot(normal, normalize(vec3(-0.5, 0.6, 0.75))), 0.0);
    // Two craters per rock, placed by its random number.
    vec2 c1 = 0.45 * vec2(cos(seed), sin(seed * 1.3));
    vec2 c2 = 0.4 * vec2(cos(seed * 2.1 + 2.0), sin(seed * 0.7 + 1.0));
    float crater = smoothstep(0.22, 0.12, length(p - c1)) * 0.35 + smoothstep(0.16, 0.08, length(p - c2)) * 0.3;
    float rim = smoothstep(edge - 0.12, edge, r) * 0.35;
    vec3 color = vColor.rgb * light * (1.0 - crater) * (1.0 - rim);
    return vec4(color, vColor.a * inside);
}

vec4 ship() {
    vec2 p = vLocal;
    float hull = triangleDistance(p, vec2(0.95, 0.0), vec2(-0.75, 0.7), vec2(-0.75, -0.7));
    float notch = triangleDistance(p, vec2(-0.35, 0.0), vec2(-0.9, 0.5), vec2(-0.9, -0.5));
    float d = max(hull, -notch);
    float aa = fwidth(d) * 1.5;
    float fill = 1.0 - smoothstep(-aa, 0.0, d);
    float outline = smoothstep(-0.14, -0.06, d) * fill;
    float glow = exp(-max(d, 0.0) * 9.0) * 0.45 * (1.0 - fill);
    float cockpit = smoothstep(0.2, 0.1, length(p - vec2(0.2, 0.0)));
    vec3 color = mix(vColor.rgb * 0.55, vColor.rgb * 1.25, outline);
    color = mix(color, vec3(0.9, 0.97, 1.0), cockpit * 0.8);
    float alpha = max(fill, glow);
    if (alpha <= 0.01) {
        discard;
    }
    return vec4(mix(vColor.rgb, color, fill), alpha * vColor.a);
}

vec4 glow() {
    float r2 = dot(vLocal, vLocal);
    if (r2 >= 1.0) {
        discard;
    }
    float a = exp(-r2 * 4.0) - exp(-4.0);
    return vec4(vColor.rgb, vColor.a * a);
}

vec4 bullet() {
    vec2 p = vLocal * vSize;
    float halfCore = max(vSize.x - vSize.y, 0.0);
    float d = length(vec2(max(abs(p.x) - halfCore, 0.0), p.y)) / vSize.y;
    float core = smoothstep(0.45, 0.2, d);
    float halo = exp(-d * d * 3.0) * 0.6;
    float a = max(core, halo);
    if (a <= 0.01) {
        discard;
    }
    return vec4(mix(vColor.rgb, vec3(1.0), core * 0.7), vColor.a * a);
}

vec4 beam() {
    float across = 1.0 - abs(vLocal.y);
    float along = 1.0 - (vLocal.x * 0.5 + 0.5) * 0.7;
    return vec4(vColor.rgb, vColor.a * across * across * along);
}

void main() {
    if (vShape == ROCK) {
        fragColor = rock();
    } else if (vShape == SHIP) {
        fragColor = ship();
    } else if (vShape == GLOW) {
        fragColor = glow();
    } else if (vShape == BULLET) {
        fragColor = bullet();
    } else {
        fragColor = beam();
    }
}
