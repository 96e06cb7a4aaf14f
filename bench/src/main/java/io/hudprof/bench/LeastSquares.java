package io.hudprof.bench;

/**
 * Ordinary least squares for {@code y ≈ c0 + c1·x1 + c2·x2}, by the normal equations (three unknowns, solved by
 * Cramer's rule). Used to split {@code update()}'s time into a fixed part, a part per event and a part per state.
 */
final class LeastSquares {
    private LeastSquares() {
    }

    /**
     * @return {c0, c1, c2}, or {@code null} when the points do not determine the plane (fewer than three, or
     *         collinear)
     */
    static double[] fitPlane(double[] x1, double[] x2, double[] y) {
        int n = y.length;
        double s1 = 0, s2 = 0, s11 = 0, s22 = 0, s12 = 0, sy = 0, s1y = 0, s2y = 0;
        for (int i = 0; i < n; i++) {
            s1 += x1[i];
            s2 += x2[i];
            s11 += x1[i] * x1[i];
            s22 += x2[i] * x2[i];
            s12 += x1[i] * x2[i];
            sy += y[i];
            s1y += x1[i] * y[i];
            s2y += x2[i] * y[i];
        }
        double[][] a = {{n, s1, s2}, {s1, s11, s12}, {s2, s12, s22}};
        double[] b = {sy, s1y, s2y};
        double det = det(a);
        if (n < 3 || Math.abs(det) < 1e-9 * Math.max(1, Math.abs(s11 * s22))) {
            return null;
        }
        double[] c = new double[3];
        for (int col = 0; col < 3; col++) {
            double[][] m = {a[0].clone(), a[1].clone(), a[2].clone()};
            for (int row = 0; row < 3; row++) {
                m[row][col] = b[row];
            }
            c[col] = det(m) / det;
        }
        return c;
    }

    private static double det(double[][] m) {
        return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    }
}
