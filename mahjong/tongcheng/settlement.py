def settle(record, rules=None): raise NotImplementedError
