"""An MCP server on the official Python SDK (`mcp`), its tools' arguments pydantic
models: a nested model, an enum, an optional field and a discriminated union, the
shapes Python servers publish most. Run over stdio by harn-catalog's tests of
`import mcp -- python pydantic_server.py`."""

from enum import Enum
from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, Field

from mcp.server import MCPServer


class Priority(str, Enum):
    low = "low"
    high = "high"


class Address(BaseModel):
    street: str
    city: str
    postcode: Optional[str] = None


class Customer(BaseModel):
    name: str = Field(description="Full name")
    address: Address
    priority: Priority = Priority.low


class Card(BaseModel):
    kind: Literal["card"]
    last4: str = Field(pattern=r"^[0-9]{4}$")


class Transfer(BaseModel):
    kind: Literal["transfer"]
    iban: str


Payment = Annotated[Union[Card, Transfer], Field(discriminator="kind")]


class Receipt(BaseModel):
    order_id: int
    total_cents: int = Field(ge=0)


server = MCPServer("orders", version="1.4.0")


@server.tool(description="Place an order for a customer.")
def place_order(customer: Customer, payment: Payment, note: Optional[str] = None) -> Receipt:
    return Receipt(order_id=1, total_cents=0)


@server.tool()
def cancel_order(order_id: int, reason: Priority = Priority.low) -> str:
    """Cancel an order that has not shipped."""
    return "cancelled"


if __name__ == "__main__":
    server.run("stdio")
