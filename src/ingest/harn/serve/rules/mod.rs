//! The rules of the attributes that only feed `harn serve`, one file per rule named by
//! its code; each reads its attribute from a [`super::Declaration`] and warns through
//! [`super::Sink`].

pub mod harn_policy_attribute;
pub mod harn_queue_attribute;
pub mod harn_raw_attribute;
pub mod harn_retry_attribute;
pub mod harn_route_attribute;
pub mod harn_schedule_attribute;
pub mod harn_scopes_attribute;
pub mod harn_stream_attribute;
pub mod harn_ws_attribute;
