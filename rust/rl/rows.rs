//! One block of a vectorised environment's tables with their rows of the output buffers:
//! what a thread does with the block it takes on a step or a reset (`vecenv.rs`).

use super::encode::Version;
use super::table::{Opponents, Table};

/// One block of tables with their actions (and active flags) and their rows of the
/// output buffers.
pub(super) struct Rows<'t, 'a> {
    pub(super) tables: &'t mut [Table],
    pub(super) acts: Option<(&'a [i64], Option<&'a [bool]>)>,
    pub(super) obs: &'a mut [u8],
    pub(super) mask: &'a mut [bool],
    pub(super) reward: &'a mut [f32],
    pub(super) term: &'a mut [bool],
    pub(super) trunc: &'a mut [bool],
    pub(super) seat: &'a mut [i64],
    pub(super) final_obs: &'a mut [u8],
    pub(super) learner: &'a mut [i64],
}

/// What every block's rows need to know of the environment.
pub(super) struct Layout {
    pub(super) width: usize,
    pub(super) n_actions: usize,
    pub(super) version: Version,
    pub(super) obs_len: usize,
    pub(super) opponents: Opponents,
}

impl Rows<'_, '_> {
    /// Play the block's actions (if any) on its active tables and write their rows.
    pub(super) fn play(self, layout: &Layout) {
        let Layout {
            width,
            n_actions,
            version,
            obs_len,
            opponents,
        } = *layout;
        let Rows {
            tables,
            acts,
            obs,
            mask,
            reward,
            term,
            trunc,
            seat,
            final_obs,
            learner,
        } = self;
        for (j, t) in tables.iter_mut().enumerate() {
            if let Some((a, active)) = acts {
                if active.is_some_and(|act| !act[j]) {
                    reward[j * width..(j + 1) * width].fill(0.0);
                    term[j] = false;
                    trunc[j] = false;
                    continue;
                }
                let fin = &mut final_obs[j * obs_len..(j + 1) * obs_len];
                let played = t.play_recording(a[j], Some((version, fin)));
                debug_assert!(played.is_ok(), "every action was checked first");
                let r = &mut reward[j * width..(j + 1) * width];
                match t.ended() {
                    Some(d) if width == 4 => {
                        for (x, v) in r.iter_mut().zip(d) {
                            *x = reward_of(v);
                        }
                    }
                    Some(_) => r[0] = reward_of(t.learner_reward()),
                    None => r.fill(0.0),
                }
                term[j] = t.ended().is_some();
                trunc[j] = false;
            }
            t.write(
                version,
                &mut obs[j * obs_len..(j + 1) * obs_len],
                &mut mask[j * n_actions..(j + 1) * n_actions],
            );
            seat[j] = i64::from(t.seat());
            learner[j] = learner_of(t, opponents);
        }
    }
}

/// Table `t`'s learner seat as written to `Out::learner` (−1 in self-play).
pub(super) fn learner_of(t: &Table, opponents: Opponents) -> i64 {
    if opponents == Opponents::SelfPlay {
        -1
    } else {
        i64::from(t.learner())
    }
}

/// A score delta as a reward (deltas are far below 2^24: exact).
#[allow(clippy::cast_precision_loss)]
fn reward_of(v: i32) -> f32 {
    v as f32
}
