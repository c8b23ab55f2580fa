//! The dealer's linear program of one subgame and a bounded-variable simplex for it, generic
//! over the number type: run in `f64` to find the optimal basis, then the basis is certified
//! (or, should rounding have misled it, the simplex is finished) in exact rationals.
//!
//! The program (see the module docs of `equilibrium` for where it comes from): minimise
//! `a·y + Σ_j w_j` subject to `w_j - Σ_i g[i][j] y_i - s_j = c_j` for every free field decision
//! `j`, `0 <= y_i <= 1`, `w_j, s_j >= 0`. The dual prices of the rows are the field's draw
//! probabilities.

// Matrix and table code: several arrays are indexed by the same row or column.
#![allow(clippy::needless_range_loop)]

use super::rational::{Num, Q};

/// One subgame's program: `k` rows (the field's free decisions), `m` dealer columns.
pub(crate) struct Lp {
    pub(crate) k: usize,
    pub(crate) m: usize,
    /// Cost of each dealer column (the dealer's draw probability `y_i`).
    pub(crate) a: Vec<i64>,
    /// `g[i * k + j]`: the bilinear coefficient of `y_i x_j`.
    pub(crate) g: Vec<i64>,
    /// The right-hand sides: the field's linear coefficients.
    pub(crate) c: Vec<i64>,
}

/// An exact optimum: the dealer's column values, the field's prices, and `a·y + Σ w`.
pub(crate) struct Solution {
    pub(crate) y: Vec<Q>,
    pub(crate) x: Vec<Q>,
    pub(crate) value: Q,
}

/// Why a program could not be solved exactly.
#[derive(Debug)]
pub(crate) enum LpFail {
    /// An exact number left `i128`.
    Overflow,
    /// The iteration limit was reached (it never is on these programs).
    Iterations,
}

impl Lp {
    fn vars(&self) -> usize {
        self.m + 2 * self.k
    }

    fn cost(&self, q: usize) -> i64 {
        if q < self.m {
            self.a[q]
        } else {
            i64::from(q < self.m + self.k)
        }
    }

    /// Column `q`'s entry in row `j`.
    fn entry(&self, j: usize, q: usize) -> i64 {
        if q < self.m {
            -self.g[q * self.k + j]
        } else if q < self.m + self.k {
            i64::from(q - self.m == j)
        } else {
            -i64::from(q - self.m - self.k == j)
        }
    }

    fn bounded(&self, q: usize) -> bool {
        q < self.m
    }

    /// The optimum, exact: a float simplex finds the basis, which is then certified in
    /// rationals; if the certificate fails the simplex is finished in rationals from there.
    pub(crate) fn solve(&self) -> Result<Solution, LpFail> {
        let float = Simplex::<f64>::start(self);
        let float = float.run(self, false)?;
        if let Some(s) = self.certify(&float.basis, &float.upper) {
            return Ok(s);
        }
        let exact = Simplex::<Q>::from_basis(self, &float.basis, &float.upper)
            .unwrap_or_else(|| Simplex::<Q>::start(self));
        let exact = exact.run(self, true)?;
        self.certify(&exact.basis, &exact.upper)
            .ok_or(LpFail::Overflow)
    }

    /// The exact primal and dual solution of a basis, if it is optimal. Only the dealer
    /// columns in the basis and the rows no `w` or `s` covers make a linear system (`r x r`,
    /// `r` the number of mixed dealer decisions); the rest is read off.
    fn certify(&self, basis: &[usize], upper: &[bool]) -> Option<Solution> {
        let (k, m) = (self.k, self.m);
        let mut covered = vec![None; k]; // Some(true): w basic, Some(false): s basic
        let mut ys = Vec::new();
        for &q in basis {
            if q < m {
                ys.push(q);
            } else if q < m + k {
                covered[q - m].replace(true).map_or(Some(()), |_| None)?;
            } else {
                covered[q - m - k]
                    .replace(false)
                    .map_or(Some(()), |_| None)?;
            }
        }
        let rows: Vec<usize> = (0..k).filter(|&j| covered[j].is_none()).collect();
        if rows.len() != ys.len() {
            return None;
        }
        let r = rows.len();
        // Primal: sum_{i in ys} -g[i][j] y_i = c_j + sum_{i at upper} g[i][j], j in rows.
        let fixed = |j: usize| -> i64 {
            (0..m)
                .filter(|&i| upper[i] && !ys.contains(&i))
                .map(|i| self.g[i * k + j])
                .sum()
        };
        let mut mat = vec![Q::ZERO; r * r];
        let mut rhs = vec![Q::ZERO; r];
        for (row, &j) in rows.iter().enumerate() {
            for (col, &i) in ys.iter().enumerate() {
                mat[row * r + col] = Q::int(-self.g[i * k + j]);
            }
            rhs[row] = Q::int(self.c[j] + fixed(j));
        }
        let yb = solve(&mut mat.clone(), &mut rhs, r)?;
        let mut y: Vec<Q> = (0..m)
            .map(|i| if upper[i] { Q::ONE } else { Q::ZERO })
            .collect();
        for (col, &i) in ys.iter().enumerate() {
            if yb[col].signum() < 0 || yb[col].cmp_q(Q::ONE)? == std::cmp::Ordering::Greater {
                return None;
            }
            y[i] = yb[col];
        }
        // Dual: pi_j = 1 where w_j is basic, 0 where s_j is; on the other rows
        // sum_{j in rows} g[i][j] pi_j = -a_i - sum_{covered w} g[i][j] for i in ys.
        let mut x = vec![Q::ZERO; k];
        for j in 0..k {
            if covered[j] == Some(true) {
                x[j] = Q::ONE;
            }
        }
        let mut tmat = vec![Q::ZERO; r * r];
        let mut trhs = vec![Q::ZERO; r];
        for (row, &i) in ys.iter().enumerate() {
            let mut s = -self.a[i];
            for j in 0..k {
                if covered[j] == Some(true) {
                    s -= self.g[i * k + j];
                }
            }
            trhs[row] = Q::int(s);
            for (col, &j) in rows.iter().enumerate() {
                tmat[row * r + col] = Q::int(self.g[i * k + j]);
            }
        }
        let xr = solve(&mut tmat, &mut trhs, r)?;
        for (col, &j) in rows.iter().enumerate() {
            x[j] = xr[col];
        }
        // Prices over a common denominator, then every reduced cost in integers.
        let den = x.iter().try_fold(1i128, |l, q| lcm(l, q.den))?;
        let p: Vec<i128> = x
            .iter()
            .map(|q| q.num.checked_mul(den / q.den))
            .collect::<Option<_>>()?;
        for &pj in &p {
            if pj < 0 || pj > den {
                return None;
            }
        }
        for i in 0..m {
            if ys.contains(&i) {
                continue;
            }
            let mut red = i128::from(self.a[i]).checked_mul(den)?;
            for (j, &pj) in p.iter().enumerate() {
                red = red.checked_add(pj.checked_mul(i128::from(self.g[i * k + j]))?)?;
            }
            if (upper[i] && red > 0) || (!upper[i] && red < 0) {
                return None;
            }
        }
        // The value a.y + sum w, w_j = max(0, c_j + sum_i g[i][j] y_i) at the optimum, over
        // the common denominator of the mixed y.
        let dy = ys.iter().try_fold(1i128, |l, &i| lcm(l, y[i].den))?;
        let yi: Vec<i128> = y
            .iter()
            .map(|q| q.num.checked_mul(dy / q.den))
            .collect::<Option<_>>()?;
        let mut total = 0i128;
        for i in 0..m {
            if yi[i] != 0 {
                total = total.checked_add(yi[i].checked_mul(i128::from(self.a[i]))?)?;
            }
        }
        for j in 0..k {
            let mut e = i128::from(self.c[j]).checked_mul(dy)?;
            for i in 0..m {
                if yi[i] != 0 {
                    e = e.checked_add(yi[i].checked_mul(i128::from(self.g[i * k + j]))?)?;
                }
            }
            match covered[j] {
                Some(true) if e < 0 => return None,
                Some(false) if e > 0 => return None,
                None if e != 0 => return None,
                _ => {}
            }
            if e > 0 {
                total = total.checked_add(e)?;
            }
        }
        let value = Q::new(total, dy)?;
        Some(Solution { y, x, value })
    }
}

fn lcm(a: i128, b: i128) -> Option<i128> {
    let mut g = (a, b);
    while g.1 != 0 {
        g = (g.1, g.0 % g.1);
    }
    (a / g.0).checked_mul(b)
}

/// Solves `mat · z = rhs` (`r x r`, row-major) by Gauss-Jordan in rationals; `None` if
/// singular or on overflow.
fn solve(mat: &mut [Q], rhs: &mut [Q], r: usize) -> Option<Vec<Q>> {
    for col in 0..r {
        let piv = (col..r).find(|&row| mat[row * r + col].num != 0)?;
        if piv != col {
            for c in 0..r {
                mat.swap(piv * r + c, col * r + c);
            }
            rhs.swap(piv, col);
        }
        let inv = Q::ONE.div(mat[col * r + col])?;
        for c in 0..r {
            mat[col * r + c] = mat[col * r + c].mul(inv)?;
        }
        rhs[col] = rhs[col].mul(inv)?;
        for row in 0..r {
            let f = mat[row * r + col];
            if row == col || f.num == 0 {
                continue;
            }
            for c in 0..r {
                mat[row * r + c] = mat[row * r + c].sub(f.mul(mat[col * r + c])?)?;
            }
            rhs[row] = rhs[row].sub(f.mul(rhs[col])?)?;
        }
    }
    Some(rhs.to_vec())
}

/// A bounded-variable revised simplex with an explicit basis inverse.
struct Simplex<T> {
    basis: Vec<usize>,
    upper: Vec<bool>,
    binv: Vec<T>,
    xb: Vec<T>,
}

impl<T: Num> Simplex<T> {
    /// A slack basis after the dealer's best response to the field drawing with probability
    /// one half everywhere: each `y` at the bound that response picks, then `w_j` where the
    /// row's excess is non-negative, else `s_j`.
    fn start(lp: &Lp) -> Simplex<T> {
        let (k, m) = (lp.k, lp.m);
        let mut upper = vec![false; lp.vars()];
        for (i, up) in upper.iter_mut().enumerate().take(m) {
            let twice: i64 = 2 * lp.a[i] + lp.g[i * k..(i + 1) * k].iter().sum::<i64>();
            *up = twice < 0;
        }
        let mut binv = vec![T::from_i64(0); k * k];
        let mut basis = Vec::with_capacity(k);
        let mut xb = Vec::with_capacity(k);
        for j in 0..k {
            let e: i64 = lp.c[j]
                + (0..m)
                    .filter(|&i| upper[i])
                    .map(|i| lp.g[i * k + j])
                    .sum::<i64>();
            if e >= 0 {
                basis.push(m + j);
                binv[j * k + j] = T::from_i64(1);
                xb.push(T::from_i64(e));
            } else {
                basis.push(m + k + j);
                binv[j * k + j] = T::from_i64(-1);
                xb.push(T::from_i64(-e));
            }
        }
        Simplex {
            basis,
            upper,
            binv,
            xb,
        }
    }

    /// The state of a given basis (its inverse by Gauss-Jordan), if it is non-singular and
    /// primal feasible.
    fn from_basis(lp: &Lp, basis: &[usize], upper: &[bool]) -> Option<Simplex<T>> {
        let k = lp.k;
        let zero = T::from_i64(0);
        let mut a = vec![zero; k * k];
        let mut inv = vec![zero; k * k];
        for r in 0..k {
            for j in 0..k {
                a[j * k + r] = T::from_i64(lp.entry(j, basis[r]));
            }
            inv[r * k + r] = T::from_i64(1);
        }
        for col in 0..k {
            let piv = (col..k).find(|&row| a[row * k + col].sign() != 0)?;
            for c in 0..k {
                a.swap(piv * k + c, col * k + c);
                inv.swap(piv * k + c, col * k + c);
            }
            let p = a[col * k + col];
            for c in 0..k {
                a[col * k + c] = a[col * k + c].div(p)?;
                inv[col * k + c] = inv[col * k + c].div(p)?;
            }
            for row in 0..k {
                let f = a[row * k + col];
                if row == col || f.sign() == 0 {
                    continue;
                }
                for c in 0..k {
                    a[row * k + c] = a[row * k + c].sub(f.mul(a[col * k + c])?)?;
                    inv[row * k + c] = inv[row * k + c].sub(f.mul(inv[col * k + c])?)?;
                }
            }
        }
        // xb = B^-1 (c - N z_N): only dealer columns at 1 are non-zero among the non-basic.
        let mut b: Vec<T> = lp.c.iter().map(|&v| T::from_i64(v)).collect();
        for i in (0..lp.m).filter(|&i| upper[i] && !basis.contains(&i)) {
            for (j, bj) in b.iter_mut().enumerate() {
                *bj = bj.sub(T::from_i64(lp.entry(j, i)))?;
            }
        }
        let mut xb = vec![zero; k];
        for r in 0..k {
            let mut s = zero;
            for j in 0..k {
                s = s.add(inv[r * k + j].mul(b[j])?)?;
            }
            if s.sign() < 0 || (lp.bounded(basis[r]) && s.sub(T::from_i64(1))?.sign() > 0) {
                return None;
            }
            xb[r] = s;
        }
        let mut up = upper.to_vec();
        for &q in basis {
            up[q] = false;
        }
        Some(Simplex {
            basis: basis.to_vec(),
            upper: up,
            binv: inv,
            xb,
        })
    }

    /// Pivots to an optimum: Dantzig's rule, or Bland's (`bland`, which cannot cycle).
    fn run(mut self, lp: &Lp, bland: bool) -> Result<Simplex<T>, LpFail> {
        let k = lp.k;
        let n = lp.vars();
        let zero = T::from_i64(0);
        let one = T::from_i64(1);
        let mut in_basis = vec![false; n];
        for &q in &self.basis {
            in_basis[q] = true;
        }
        let of = |o: Option<T>| o.ok_or(LpFail::Overflow);
        let gt: Vec<T> = lp.g.iter().map(|&g| T::from_i64(g)).collect();
        for _ in 0..100_000 {
            // Prices.
            let mut pi = vec![zero; k];
            for (r, &q) in self.basis.iter().enumerate() {
                let cq = T::from_i64(lp.cost(q));
                if cq.sign() == 0 {
                    continue;
                }
                for j in 0..k {
                    pi[j] = of(pi[j].add(of(cq.mul(self.binv[r * k + j]))?))?;
                }
            }
            // Entering column.
            let mut best: Option<(usize, T, i32)> = None;
            for q in (0..n).filter(|&q| !in_basis[q]) {
                let d = if q < lp.m {
                    let mut d = T::from_i64(lp.a[q]);
                    for (&p, &g) in pi.iter().zip(&gt[q * k..(q + 1) * k]) {
                        if g.sign() != 0 && p.sign() != 0 {
                            d = of(d.add(of(p.mul(g))?))?;
                        }
                    }
                    d
                } else if q < lp.m + k {
                    of(one.sub(pi[q - lp.m]))?
                } else {
                    pi[q - lp.m - k]
                };
                let dir = if self.upper[q] {
                    if d.sign() > 0 { -1 } else { 0 }
                } else {
                    i32::from(d.sign() < 0)
                };
                if dir == 0 {
                    continue;
                }
                let better = match &best {
                    None => true,
                    Some((_, bd, _)) => {
                        !bland && {
                            let (a, b) = (abs(d), abs(*bd));
                            of(a.sub(b))?.sign() > 0
                        }
                    }
                };
                if better {
                    best = Some((q, d, dir));
                }
                if bland && best.is_some() {
                    break;
                }
            }
            let Some((q, _, dir)) = best else {
                return Ok(self);
            };
            // Direction and ratio test.
            let mut alpha = vec![zero; k];
            for r in 0..k {
                let mut s = zero;
                for j in 0..k {
                    let e = lp.entry(j, q);
                    if e != 0 {
                        s = of(s.add(of(self.binv[r * k + j].mul(T::from_i64(e)))?))?;
                    }
                }
                alpha[r] = s;
            }
            let mut theta: Option<T> = lp.bounded(q).then_some(one);
            let mut leave: Option<(usize, bool)> = None; // (row, leaves at upper)
            for r in 0..k {
                let delta = if dir > 0 {
                    alpha[r]
                } else {
                    of(zero.sub(alpha[r]))?
                };
                let (limit, at_upper) = if delta.sign() > 0 {
                    (of(self.xb[r].div(delta))?, false)
                } else if delta.sign() < 0 && lp.bounded(self.basis[r]) {
                    (of(of(self.xb[r].sub(one))?.div(delta))?, true)
                } else {
                    continue;
                };
                let take = match theta {
                    None => true,
                    Some(t) => {
                        let c = of(limit.sub(t))?.sign();
                        c < 0
                            || (c == 0
                                && leave.is_some_and(|(lr, _)| self.basis[r] < self.basis[lr]))
                    }
                };
                if take {
                    theta = Some(limit);
                    leave = Some((r, at_upper));
                }
            }
            let Some(theta) = theta else {
                return Err(LpFail::Iterations); // unbounded: impossible here
            };
            let step = if dir > 0 { theta } else { of(zero.sub(theta))? };
            for r in 0..k {
                self.xb[r] = of(self.xb[r].sub(of(step.mul(alpha[r]))?))?;
            }
            let Some((lr, at_upper)) = leave else {
                self.upper[q] = !self.upper[q]; // a bound flip
                continue;
            };
            let entering_value = if self.upper[q] {
                of(one.sub(theta))?
            } else {
                theta
            };
            let old = self.basis[lr];
            in_basis[old] = false;
            self.upper[old] = at_upper;
            in_basis[q] = true;
            self.upper[q] = false;
            self.basis[lr] = q;
            self.xb[lr] = entering_value;
            let p = alpha[lr];
            for j in 0..k {
                self.binv[lr * k + j] = of(self.binv[lr * k + j].div(p))?;
            }
            for r in 0..k {
                let f = alpha[r];
                if r == lr || f.sign() == 0 {
                    continue;
                }
                for j in 0..k {
                    self.binv[r * k + j] =
                        of(self.binv[r * k + j].sub(of(f.mul(self.binv[lr * k + j]))?))?;
                }
            }
        }
        Err(LpFail::Iterations)
    }
}

fn abs<T: Num>(v: T) -> T {
    if v.sign() < 0 {
        T::from_i64(0).sub(v).unwrap_or(v)
    } else {
        v
    }
}
